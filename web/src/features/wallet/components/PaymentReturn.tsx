// The buyer back on the recharge page from PayPal or Stripe: the payment being confirmed, then
// paid, waiting for the provider's confirmation, cancelled (nothing charged) or failed (with the
// server's reason, and "Try again" where the provider did not answer).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { ClockIcon, CloseIcon } from '../../../components/icons';
import type { Balances, Catalogue, Order } from '../api/types';
import { type ProviderReturn, findProduct, productTitle } from '../display';
import { PayOutcome, PaymentSuccess } from './PayResult';
import { type Settlement, useSettleReturn } from './settle-return';

function orderOf(settlement: Settlement): Order | undefined {
  return 'order' in settlement ? settlement.order : undefined;
}

export function PaymentReturn({
  providerReturn,
  knownOrder,
  catalogue,
  balances,
  onAnswer,
  onClose,
}: {
  providerReturn: ProviderReturn;
  /**
   * The order as known before the server answers (my unfinished one, when it is this one), to
   * name its product even if the server answers with a refusal.
   */
  knownOrder: Order | undefined;
  catalogue: Catalogue | undefined;
  balances: Balances | undefined;
  onAnswer: (order: Order, settled: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { settlement, retry } = useSettleReturn(providerReturn, onAnswer);
  const [known] = useState(knownOrder);
  const order = orderOf(settlement) ?? known;
  const product = order ? findProduct(catalogue, order.productId) : undefined;
  const cancelling = providerReturn.outcome === 'cancelled';

  let outcome;
  switch (settlement.kind) {
    case 'checking':
      outcome = (
        <PayOutcome
          tone="waiting"
          busy
          art={<ClockIcon size={30} />}
          title={cancelling ? t('wallet.cancelling') : t('wallet.confirming')}
        />
      );
      break;
    case 'paid':
      outcome = <PaymentSuccess product={product} balances={balances} />;
      break;
    case 'pending':
      outcome = (
        <PayOutcome
          tone="waiting"
          busy
          art={<ClockIcon size={30} />}
          title={t('wallet.pendingTitle')}
        >
          <p>{t('wallet.pendingBody')}</p>
        </PayOutcome>
      );
      break;
    case 'waiting':
      outcome = (
        <PayOutcome tone="waiting" art={<ClockIcon size={30} />} title={t('wallet.waitingTitle')}>
          <p>{t('wallet.waitingBody')}</p>
        </PayOutcome>
      );
      break;
    case 'cancelled':
      outcome = (
        <PayOutcome
          tone="neutral"
          art={<CloseIcon size={30} />}
          title={t('wallet.paymentCancelled')}
        >
          <p>{t('wallet.paymentCancelledBody')}</p>
        </PayOutcome>
      );
      break;
    case 'failed':
      // Unanswered is not refused: the payment may well be there, so it is asked again.
      outcome = settlement.canRetry ? (
        <PayOutcome tone="waiting" art={<ClockIcon size={30} />} title={t('wallet.waitingTitle')}>
          <p>{settlement.message}</p>
        </PayOutcome>
      ) : (
        <PayOutcome tone="failure" art={<CloseIcon size={30} />} title={t('wallet.paymentFailure')}>
          <p>
            {settlement.message === t('wallet.paymentFailure')
              ? t('wallet.paymentFailureBody')
              : settlement.message}
          </p>
        </PayOutcome>
      );
      break;
  }

  // Done leads; Close and Done step aside while there is still something to wait or try for.
  const secondary =
    settlement.kind === 'pending' || (settlement.kind === 'failed' && settlement.canRetry);
  const title = product
    ? productTitle(product, t)
    : t('wallet.orderNumber', { id: providerReturn.orderId });
  return (
    <Dialog open onClose={onClose} title={title} sheet className="pay-sheet">
      <div
        className="pay-result"
        role="status"
        aria-live="polite"
        data-testid="payment-return"
        data-state={settlement.kind}
      >
        {outcome}
      </div>
      <div className="sheet-form-actions pay-return-actions">
        {settlement.kind === 'failed' && settlement.canRetry && (
          <Button block onClick={retry}>
            {t('wallet.tryAgain')}
          </Button>
        )}
        {settlement.kind !== 'checking' && (
          <Button block variant={secondary ? 'outline' : 'primary'} onClick={onClose}>
            {settlement.kind === 'pending' ? t('common.close') : t('wallet.done')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
