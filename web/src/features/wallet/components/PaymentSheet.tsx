// Paying for a product: the methods of SPEC section 9 (and the TEST checkout where the server
// takes it). Gold pays at once and shows the result here; a redirect method goes to its checkout;
// a method the server refuses shows its message on its row; an unfinished order is offered to
// continue or cancel.
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { CheckIcon, ChevronIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import { ApiError } from '../../../lib/request';
import { useCreateOrder, useUnfinishedOrder } from '../api/orders';
import type { Balances, Catalogue, Order, PayType, Product } from '../api/types';
import {
  LISTED_PAY_TYPES,
  formatPrice,
  knownUnavailable,
  listsPayType,
  nowYours,
  productTitle,
} from '../display';
import { useGoToCheckout } from './checkout-navigation';
import { CoinIcon, FlaskIcon } from './icons';
import { ApplePayMark, CardMark, GooglePayMark, PayLaterMark, PayPalMark } from './pay-marks';
import { UnfinishedOrder } from './UnfinishedOrder';

/** Set once this server refused the TEST checkout: it is not listed again in this visit. */
let sandboxRefused = false;

function Mark({ payType }: { payType: PayType }) {
  switch (payType) {
    case 'gold':
      return <CoinIcon size={22} />;
    case 'paypal':
      return <PayPalMark />;
    case 'apple':
      return <ApplePayMark />;
    case 'google':
      return <GooglePayMark />;
    case 'card':
      return <CardMark />;
    case 'paylater':
      return <PayLaterMark />;
    default:
      return <FlaskIcon size={22} />;
  }
}

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
          if (payType === 'sandbox' && err instanceof ApiError && err.code === 400) {
            sandboxRefused = true;
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
        <span className="result-art success">
          <CheckIcon size={34} />
        </span>
        <h3>{t('wallet.paymentSuccessful')}</h3>
        <p>{nowYours(product, t)}</p>
        {balances && (
          <dl className="mini-balances">
            <div>
              <dt>{t('wallet.coins')}</dt>
              <dd>{formatNumber(balances.coins)}</dd>
            </div>
            <div>
              <dt>{t('wallet.characters')}</dt>
              <dd>{formatNumber(balances.characters)}</dd>
            </div>
          </dl>
        )}
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

function Methods({
  product,
  catalogue,
  balances,
  busy,
  errors,
  onPay,
  onBuyCoins,
  onCancel,
}: {
  product: Product;
  catalogue: Catalogue | undefined;
  balances: Balances | undefined;
  busy: PayType | null;
  errors: Partial<Record<PayType, string>>;
  onPay: (payType: PayType) => void;
  onBuyCoins: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const title = productTitle(product, t);
  const price = formatPrice(product.priceCents, product.currency);
  const methods = LISTED_PAY_TYPES.filter((p) => listsPayType(p, catalogue, sandboxRefused));
  return (
    <>
      <div className="pay-summary">
        <span className="grow">{title}</span>
        <strong>{price}</strong>
      </div>
      <ul className="pay-methods" aria-label={t('wallet.paymentMethods')}>
        {methods.map((payType) => {
          let note: ReactNode = null;
          let disabled = busy !== null;
          if (payType === 'gold') {
            if (product.priceCoins == null) {
              disabled = true;
              note = t('wallet.goldNotForThis');
            } else {
              note = t('wallet.goldNote', {
                price: formatNumber(product.priceCoins),
                balance: formatNumber(balances?.coins ?? 0),
              });
            }
          } else if (payType === 'sandbox') {
            note = t('wallet.sandboxNote');
          }
          if (knownUnavailable(payType, catalogue)) {
            disabled = true;
            note = t('wallet.methodUnavailable');
          }
          const error = errors[payType];
          return (
            <li key={payType}>
              <button
                type="button"
                className={`pay-method pay-${payType}`}
                disabled={disabled}
                aria-describedby={error ? `pay-error-${payType}` : undefined}
                onClick={() => onPay(payType)}
              >
                <span className="pay-mark" aria-hidden="true">
                  <Mark payType={payType} />
                </span>
                <span className="grow">
                  <span className="pay-name">{t(`wallet.pay.${payType}`)}</span>
                  {note && <span className="pay-note">{note}</span>}
                </span>
                {busy === payType ? <Spinner /> : <ChevronIcon size={18} />}
              </button>
              {error && (
                <p className="pay-error" id={`pay-error-${payType}`} role="alert">
                  {error}
                  {payType === 'gold' && (
                    <button type="button" className="link-btn" onClick={onBuyCoins}>
                      {t('wallet.buyCoins')}
                    </button>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="sheet-form-actions">
        <Button variant="outline" block onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </>
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
