// The TEST checkout of demo installations (payType sandbox): a page of this app standing in for a
// payment provider. It says plainly that it is a test, shows what is being bought, and returns
// Approve (GET /order/success) or Decline (GET /order/cancel) with the order's checkout token.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Spinner } from '../../../components/Button';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/request';
import { useCatalogue } from '../api/catalogue';
import {
  type CheckoutReturn,
  useCancelOrder,
  useConfirmOrder,
  useUnfinishedOrder,
} from '../api/orders';
import type { Balances, Product } from '../api/types';
import {
  findProduct,
  formatPrice,
  isRechargeTab,
  nowYours,
  productTitle,
  rechargeHref,
} from '../display';
import { BalanceCard } from './BalanceCard';
import './wallet.css';

type Outcome = (
  { kind: 'approved' } | { kind: 'declined' } | { kind: 'failed'; message: string }
) & {
  /** The recharge tab the product came from, and the product (kept: the order is gone once settled). */
  back: string;
  product: Product | undefined;
};

export function SandboxCheckout({
  checkout,
  balances,
  onBalancesChanged,
}: {
  checkout: CheckoutReturn;
  balances: Balances | undefined;
  onBalancesChanged: () => void;
}) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The order being paid is my unfinished one; once settled it is no longer asked for.
  const order = useUnfinishedOrder(outcome === null);
  const confirm = useConfirmOrder();
  const cancel = useCancelOrder();
  const mine = order.data?.id === checkout.orderId ? order.data : null;
  const product = mine ? findProduct(catalogue.data, mine.productId) : undefined;
  const back = rechargeHref(isRechargeTab(product?.kind) ? product?.kind : undefined);
  const title = product ? productTitle(product, t) : null;

  const failed = (err: unknown) =>
    setOutcome({
      kind: 'failed',
      message: err instanceof ApiError && err.message ? err.message : t('errors.generic'),
      back,
      product,
    });

  const approve = () =>
    confirm.mutate(checkout, {
      onSuccess: () => {
        setOutcome({ kind: 'approved', back, product });
        onBalancesChanged();
      },
      onError: failed,
    });
  const decline = () =>
    cancel.mutate(checkout, {
      onSuccess: () => setOutcome({ kind: 'declined', back, product }),
      onError: failed,
    });

  if (outcome) {
    const ok = outcome.kind === 'approved';
    return (
      <div className="stack sandbox-outcome">
        <section className="pay-result" role="status" data-testid="checkout-outcome">
          <span className={ok ? 'result-art success' : 'result-art failure'}>
            {ok ? <CheckIcon size={34} /> : <CloseIcon size={34} />}
          </span>
          <h2>{ok ? t('wallet.paymentSuccessful') : t('wallet.paymentFailure')}</h2>
          <p>
            {outcome.kind === 'approved'
              ? outcome.product
                ? nowYours(outcome.product, t)
                : t('wallet.checkoutApproved')
              : outcome.kind === 'declined'
                ? t('wallet.checkoutDeclined')
                : outcome.message}
          </p>
        </section>
        <BalanceCard balances={balances} />
        <Link className="btn btn-primary btn-block" to={outcome.back}>
          {t('wallet.backToRecharge')}
        </Link>
      </div>
    );
  }

  return (
    <div className="stack">
      <section className="sandbox" aria-labelledby="sandbox-title" data-testid="sandbox-checkout">
        <div className="sandbox-ribbon" aria-hidden="true" />
        <span className="test-badge">TEST</span>
        <h2 id="sandbox-title">{t('wallet.sandboxTitle')}</h2>
        <p className="sandbox-warning">{t('wallet.sandboxBody')}</p>
        {order.isPending || catalogue.isPending ? (
          <Spinner large label={t('common.loading')} />
        ) : mine ? (
          <>
            <dl className="sandbox-order">
              <div>
                <dt>{t('wallet.product')}</dt>
                <dd data-testid="checkout-product">
                  {title ?? t('wallet.orderNumber', { id: mine.id })}
                </dd>
              </div>
              <div>
                <dt>{t('wallet.amountDue')}</dt>
                <dd className="sandbox-price" data-testid="checkout-price">
                  {formatPrice(mine.priceCents, mine.currency)}
                </dd>
              </div>
              <div>
                <dt>{t('wallet.order')}</dt>
                <dd>#{mine.id}</dd>
              </div>
            </dl>
            <div className="sandbox-actions">
              <Button
                block
                onClick={approve}
                loading={confirm.isPending}
                disabled={cancel.isPending}
              >
                {t('wallet.approve')}
              </Button>
              <Button
                block
                variant="outline"
                onClick={decline}
                loading={cancel.isPending}
                disabled={confirm.isPending}
              >
                {t('wallet.decline')}
              </Button>
            </div>
          </>
        ) : (
          <div className="sandbox-closed" role="alert">
            <p>{t('wallet.checkoutClosed')}</p>
            <Link className="btn btn-secondary" to={back}>
              {t('wallet.backToRecharge')}
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}
