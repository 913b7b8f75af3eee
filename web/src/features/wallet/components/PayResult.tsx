// The end of a payment as the buyer sees it: paid (what is now theirs, and what they hold after
// it), or not (what happened, and what can be done next).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import type { Balances, Product } from '../api/types';
import { membershipLine, nowYours } from '../display';
import { isMember } from '../../../lib/membership';

export type ResultTone = 'success' | 'failure' | 'neutral' | 'waiting';

/** A result's picture, heading and words; `busy` draws a turning ring around the picture. */
export function PayOutcome({
  tone,
  art,
  title,
  busy = false,
  children,
}: {
  tone: ResultTone;
  art: ReactNode;
  title: ReactNode;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <span className={`result-art ${tone}${busy ? ' busy' : ''}`} aria-hidden="true">
        {art}
      </span>
      <h3>{title}</h3>
      {children}
    </>
  );
}

/** A paid purchase: "Payment successful", what is now the buyer's, and their balances. */
export function PaymentSuccess({
  product,
  balances,
}: {
  product: Product | undefined;
  balances: Balances | undefined;
}) {
  const { t } = useTranslation();
  return (
    <PayOutcome tone="success" art={<CheckIcon size={34} />} title={t('wallet.paymentSuccessful')}>
      <p>{product ? nowYours(product, t) : t('wallet.checkoutApproved')}</p>
      {balances &&
        (product?.kind === 'member' && isMember(balances) ? (
          <p className="mini-membership" data-testid="paid-membership">
            {membershipLine(balances, t)}
          </p>
        ) : (
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
        ))}
    </PayOutcome>
  );
}
