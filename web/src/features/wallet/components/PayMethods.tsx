// The payment methods offered for a product, each with its mark and its note (the gold price and
// balance, pay later, the TEST checkout, the store-only ones), the error the server gave for it,
// and a spinner on the one being started.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../components/Button';
import { ChevronIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import type { Balances, Catalogue, PayType, Product } from '../api/types';
import { formatPrice, isStorePayType, offeredPayTypes, productTitle } from '../display';
import { CoinIcon, FlaskIcon } from './icons';
import { ApplePayMark, CardMark, GooglePayMark, PayLaterMark, PayPalMark } from './pay-marks';

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

export function Methods({
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
