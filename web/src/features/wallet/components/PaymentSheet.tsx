// Paying for a product with the methods this installation takes (the catalogue's payTypes). Gold
// pays at once and shows the result here; PayPal, card and pay later (and the demo's TEST
// checkout) go to their checkout; Apple and Google are store purchases, shown as made in the
// Amora app; a method the server refuses shows its message on its row; an unfinished order is
// offered to continue or cancel.
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { ApiError } from '../../../lib/request';
import { useCreateOrder, useUnfinishedOrder } from '../api/orders';
import type { Balances, Catalogue, Order, PayType, Product } from '../api/types';
import { productTitle } from '../display';
import { useGoToCheckout } from './checkout-navigation';
import { Methods } from './PayMethods';
import { PaymentSuccess } from './PayResult';
import { UnfinishedOrder } from './UnfinishedOrder';

type Phase = { kind: 'choose' } | { kind: 'paid'; order: Order } | { kind: 'unfinished' };

function Sheet({
  product,
  catalogue,
  balances,
  onClose,
  onPaid,
  onBuyCoins,
}: {
  product: Product;
  catalogue: Catalogue | undefined;
  balances: Balances | undefined;
  onClose: () => void;
  onPaid: (order: Order) => void;
  onBuyCoins: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateOrder();
  const goToCheckout = useGoToCheckout();
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const [busy, setBusy] = useState<PayType | null>(null);
  const [errors, setErrors] = useState<Partial<Record<PayType, string>>>({});
  const unfinished = useUnfinishedOrder(phase.kind === 'unfinished');
  // Back from a checkout with the browser's Back button, this page may be the one left behind,
  // still busy leaving: it is usable again.
  useEffect(() => {
    const shown = (e: PageTransitionEvent) => {
      if (e.persisted) setBusy(null);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  const pay = (payType: PayType) => {
    setBusy(payType);
    setErrors((e) => ({ ...e, [payType]: undefined }));
    create.mutate(
      { productId: product.id, payType },
      {
        onSuccess: (order) => {
          if (order.state === 'finished') {
            setBusy(null);
            setPhase({ kind: 'paid', order });
            onPaid(order);
          } else if (order.checkoutUrl && goToCheckout(order.checkoutUrl)) {
            // Leaving for the checkout; the sheet closes with the page.
          } else {
            setBusy(null);
            setErrors((e) => ({ ...e, [payType]: t('errors.generic') }));
          }
        },
        onError: (err) => {
          setBusy(null);
          if (err instanceof ApiError && err.code === 409) {
            setPhase({ kind: 'unfinished' });
            return;
          }
          const message =
            err instanceof ApiError && err.message ? err.message : t('errors.generic');
          setErrors((e) => ({ ...e, [payType]: message }));
        },
      },
    );
  };

  const title = productTitle(product, t);

  let body: ReactNode;
  if (phase.kind === 'paid') {
    body = (
      <div className="pay-result" role="status" data-testid="payment-result">
        <PaymentSuccess product={product} balances={balances} />
        <Button block onClick={onClose}>
          {t('wallet.done')}
        </Button>
      </div>
    );
  } else if (phase.kind === 'unfinished') {
    body = (
      <div className="stack">
        {unfinished.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : unfinished.data ? (
          <UnfinishedOrder
            order={unfinished.data}
            catalogue={catalogue}
            onCancelled={() => setPhase({ kind: 'choose' })}
          />
        ) : (
          <p className="muted">{t('wallet.unfinishedGone')}</p>
        )}
        <Button variant="outline" block onClick={() => setPhase({ kind: 'choose' })}>
          {t('wallet.otherMethod')}
        </Button>
      </div>
    );
  } else {
    body = (
      <Methods
        product={product}
        catalogue={catalogue}
        balances={balances}
        busy={busy}
        errors={errors}
        onPay={pay}
        onBuyCoins={onBuyCoins}
        onCancel={onClose}
      />
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={
        phase.kind === 'unfinished'
          ? t('wallet.unfinishedTitle')
          : phase.kind === 'paid'
            ? title
            : t('wallet.choosePayment')
      }
      sheet
      className="pay-sheet"
    >
      {body}
    </Dialog>
  );
}

export function PaymentSheet({
  product,
  ...rest
}: {
  product: Product | null;
  catalogue: Catalogue | undefined;
  balances: Balances | undefined;
  onClose: () => void;
  onPaid: (order: Order) => void;
  onBuyCoins: () => void;
}) {
  return product ? <Sheet key={product.id} product={product} {...rest} /> : null;
}
