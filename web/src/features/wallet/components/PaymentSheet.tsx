// Paying for a product with the methods this installation takes (the catalogue's payTypes). Gold
// pays at once and shows the result here; PayPal, card and pay later (and the demo's TEST
// checkout) go to their checkout; Apple and Google are store purchases, shown as made in the
// Amora app; a method the server refuses shows its message on its row; an unfinished order is
// offered to continue or cancel.
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { ChevronIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import { ApiError } from '../../../lib/request';
import { useCreateOrder, useUnfinishedOrder } from '../api/orders';
import type { Balances, Catalogue, Order, PayType, Product } from '../api/types';
import { formatPrice, isStorePayType, offeredPayTypes, productTitle } from '../display';
import { useGoToCheckout } from './checkout-navigation';
import { CoinIcon, FlaskIcon } from './icons';
import { ApplePayMark, CardMark, GooglePayMark, PayLaterMark, PayPalMark } from './pay-marks';
import { PaymentSuccess } from './PayResult';
import { UnfinishedOrder } from './UnfinishedOrder';

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
  const methods = offeredPayTypes(catalogue, product);
  return (
    <>
      <div className="pay-summary">
        <span className="grow">{title}</span>
        <strong>{price}</strong>
      </div>
      <ul className="pay-methods" aria-label={t('wallet.paymentMethods')}>
        {methods.map((payType) => {
          const store = isStorePayType(payType);
          let note: ReactNode = null;
          if (busy === payType && payType !== 'gold') note = t('wallet.redirecting');
          else if (payType === 'gold') {
            note = t('wallet.goldNote', {
              price: formatNumber(product.priceCoins ?? 0),
              balance: formatNumber(balances?.coins ?? 0),
            });
          } else if (payType === 'paylater') note = t('wallet.paylaterNote');
          else if (payType === 'sandbox') note = t('wallet.sandboxNote');
          else if (store) note = t(`wallet.storeOnly.${payType}`);
          const error = errors[payType];
          return (
            <li key={payType}>
              <button
                type="button"
                className={`pay-method pay-${payType}${store ? ' store-only' : ''}`}
                disabled={busy !== null || store}
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
                {busy === payType ? <Spinner /> : !store && <ChevronIcon size={18} />}
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
      <p className="visually-hidden" role="status">
        {busy && busy !== 'gold' ? t('wallet.redirecting') : ''}
      </p>
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
