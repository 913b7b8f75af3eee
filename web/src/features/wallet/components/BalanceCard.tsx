// My balances at the top of the wallet pages: coins, characters, and the membership with its
// expiry (a link to the membership levels).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/Skeleton';
import { ChevronIcon, CrownIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import { paths } from '../../../lib/paths';
import type { Balances } from '../api/types';
import { membershipLine } from '../display';
import { isMember } from '../../../lib/membership';
import { AllowanceLine } from '../../../components/AllowanceLine';
import { CoinIcon, TranslateIcon } from './icons';

export function BalanceCard({
  balances,
  gradeLink = true,
}: {
  balances: Balances | undefined;
  /** Link the membership line to the levels page (not on that page itself). */
  gradeLink?: boolean;
}) {
  const { t } = useTranslation();
  const member = isMember(balances);
  const membership = (
    <>
      <CrownIcon size={18} />
      <span className="grow" data-testid="membership-line">
        {membershipLine(balances, t)}
      </span>
      {gradeLink && <ChevronIcon size={18} />}
    </>
  );
  return (
    <section className="balance-card" aria-label={t('wallet.myBalance')} data-testid="balances">
      <dl className="balance-figures">
        <div>
          <dt>
            <CoinIcon size={18} />
            {t('wallet.coins')}
          </dt>
          <dd data-testid="coins-balance">
            {balances ? formatNumber(balances.coins) : <Skeleton width={60} height={26} />}
          </dd>
        </div>
        <div>
          <dt>
            <TranslateIcon size={18} />
            {t('wallet.characters')}
          </dt>
          <dd data-testid="characters-balance">
            {balances ? formatNumber(balances.characters) : <Skeleton width={60} height={26} />}
          </dd>
          <AllowanceLine allowance={balances?.translationAllowance} />
        </div>
      </dl>
      {gradeLink ? (
        <Link className={member ? 'balance-member is-member' : 'balance-member'} to={paths.grade}>
          {membership}
        </Link>
      ) : (
        <p className={member ? 'balance-member is-member' : 'balance-member'}>{membership}</p>
      )}
    </section>
  );
}
