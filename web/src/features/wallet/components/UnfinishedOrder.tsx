// An order started and not finished (SPEC section 4: unfinished, later finished): the server
// takes one at a time, so it is offered to continue at its checkout or to cancel. One the buyer
// has just paid, whose payment the provider has yet to confirm, says so instead of offering to
// pay again.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ClockIcon } from '../../../components/icons';
import { formatDate } from '../../../i18n/format';
import { ApiError } from '../../../lib/request';
import { showToast } from '../../../lib/toast';
import { useCancelOrder } from '../api/orders';
import type { Catalogue, Order } from '../api/types';
import { cancelTarget, findProduct, formatPrice, productTitle } from '../display';
import { useGoToCheckout } from './checkout-navigation';

export function UnfinishedOrder({
  order,
  catalogue,
  onCancelled,
  awaitingProvider = false,
}: {
  order: Order;
  catalogue: Catalogue | undefined;
  onCancelled?: () => void;
  /** Paid at the provider, not confirmed yet. */
  awaitingProvider?: boolean;
}) {
  const { t } = useTranslation();
  const goToCheckout = useGoToCheckout();
  const cancel = useCancelOrder();
  const product = findProduct(catalogue, order.productId);
  return (
    <section className="unfinished-order" role="alert" data-testid="unfinished-order">
      <div className="unfinished-head">
        <ClockIcon size={22} />
        <div className="grow">
          <h2>{awaitingProvider ? t('wallet.pendingTitle') : t('wallet.unfinishedTitle')}</h2>
          <p>
            {product ? productTitle(product, t) : t('wallet.orderNumber', { id: order.id })}
            {' · '}
            {formatPrice(order.priceCents, order.currency)}
            {' · '}
            {formatDate(order.createdAt, { dateStyle: 'short', timeStyle: 'short' })}
          </p>
        </div>
      </div>
      <div className="unfinished-actions">
        {order.checkoutUrl && !awaitingProvider && (
          <Button small onClick={() => goToCheckout(order.checkoutUrl ?? '')}>
            {t('wallet.continuePayment')}
          </Button>
        )}
        <Button
          small
          variant="outline"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(cancelTarget(order), {
              onSuccess: () => {
                showToast(t('wallet.orderCancelled'), 'success');
                onCancelled?.();
              },
              onError: (err) =>
                showToast(
                  err instanceof ApiError && err.message ? err.message : t('errors.generic'),
                  'error',
                ),
            })
          }
        >
          {t('wallet.cancelOrder')}
        </Button>
      </div>
    </section>
  );
}
