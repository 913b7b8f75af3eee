// The membership levels (SPEC sections 2 and 6): my level and expiry, VIP and SVIP side by side
// with what each gives (SVIP has every VIP benefit), and Upgrade to the membership products.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/Skeleton';
import { CheckIcon, CrownIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import { useCatalogue, useGrade } from '../api/catalogue';
import type { Balances, Grade, Product } from '../api/types';
import type { KeysUnder, Translate } from '../../../i18n';
import { formatPrice, membershipLine, rechargeHref } from '../display';
import { isMember } from '../../../lib/membership';
import './wallet.css';
import { isOneOf } from '../../../lib/one-of';

const LEVELS = ['VIP', 'SVIP'] as const;
type LevelName = (typeof LEVELS)[number];

/** The benefit keys with words in every language (SPEC section 6); another shows as itself. */
const NAMED_BENEFITS = [
  'vipBadge',
  'seeWhoLikesYou',
  'seeVisitors',
  'albums',
  'sendPictures',
  'cardGiftDiscount',
  'dailyTranslation',
  'exclusiveService',
  'findMorePeople',
  'priorityInDiscover',
] as const satisfies readonly KeysUnder<'wallet.benefit'>[];

/** A benefit key of GET /system/grade/{level} in words, with the grade's own figures. */
function benefitText(key: string, grade: Grade | undefined, t: Translate) {
  if (!isOneOf(NAMED_BENEFITS, key)) return key;
  return t(`wallet.benefit.${key}`, {
    amount: formatNumber(grade?.dailyTranslationCharacters ?? 2000),
    percent: grade?.cardGiftDiscountPercent ?? 30,
  });
}

/** The lowest monthly price of a level's memberships. */
function fromPrice(products: readonly Product[] | undefined, level: LevelName) {
  const plans = (products ?? []).filter((p) => p.level === level && p.months);
  if (!plans.length) return null;
  const best = plans.reduce((a, b) =>
    b.priceCents / (b.months ?? 1) < a.priceCents / (a.months ?? 1) ? b : a,
  );
  return formatPrice(Math.round(best.priceCents / (best.months ?? 1)), best.currency);
}

export function GradeView({ balances }: { balances: Balances | undefined }) {
  const { t } = useTranslation();
  const grades = { VIP: useGrade('VIP'), SVIP: useGrade('SVIP') };
  const catalogue = useCatalogue();
  const member = isMember(balances);
  const current = member ? balances?.level : null;
  const vip = grades.VIP.data;
  const svip = grades.SVIP.data;
  // Every benefit once, VIP's first: SVIP lists them all and adds its own.
  const keys = [...new Set([...(vip?.benefits ?? []), ...(svip?.benefits ?? [])])];
  const loading = grades.VIP.isPending || grades.SVIP.isPending;

  return (
    <div className="page wallet-page grade-page">
      <section
        className={member ? 'grade-status is-member' : 'grade-status'}
        data-testid="grade-status"
      >
        <span className="grade-status-art" aria-hidden="true">
          <CrownIcon size={26} />
        </span>
        <div className="grow">
          <p className="grade-status-label">{t('wallet.yourMembership')}</p>
          <p className="grade-status-line" data-testid="membership-line">
            {membershipLine(balances, t)}
          </p>
        </div>
      </section>

      <div className="plan-row">
        {LEVELS.map((level) => {
          const price = fromPrice(catalogue.data?.member, level);
          const mine = current === level;
          return (
            <section
              key={level}
              className={`plan-card plan-${level.toLowerCase()}${mine ? ' is-current' : ''}`}
              aria-labelledby={`plan-${level}`}
              data-testid={`plan-${level}`}
            >
              {mine && <span className="plan-current">{t('wallet.yourPlan')}</span>}
              <span className="plan-crown" aria-hidden="true">
                <CrownIcon size={26} />
              </span>
              <h2 id={`plan-${level}`}>{level}</h2>
              <p className="plan-tagline">
                {level === 'SVIP' ? t('wallet.svipIncludes') : t('wallet.vipTagline')}
              </p>
              <p className="plan-price">
                {price ? t('wallet.fromPerMonth', { price }) : <Skeleton width={90} />}
              </p>
              <Link className="btn btn-primary btn-small plan-cta" to={rechargeHref('member')}>
                {mine ? t('wallet.renew') : t('wallet.upgrade')}
              </Link>
            </section>
          );
        })}
      </div>

      <h2 className="wallet-section-title">{t('wallet.benefitsTitle')}</h2>
      <table className="benefit-table" data-testid="benefits">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('wallet.benefitColumn')}</span>
            </th>
            {LEVELS.map((level) => (
              <th key={level} scope="col" className={`col-${level.toLowerCase()}`}>
                {level}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading
            ? [0, 1, 2, 3].map((i) => (
                <tr key={i}>
                  <td colSpan={3}>
                    <Skeleton height={18} />
                  </td>
                </tr>
              ))
            : keys.map((key) => (
                <tr key={key}>
                  <th scope="row">{benefitText(key, svip ?? vip, t)}</th>
                  {LEVELS.map((level) => {
                    const has = (level === 'VIP' ? vip : svip)?.benefits.includes(key) ?? false;
                    return (
                      <td key={level} className={`col-${level.toLowerCase()}`}>
                        {has ? (
                          <span
                            className="benefit-yes"
                            role="img"
                            aria-label={t('wallet.included')}
                          >
                            <CheckIcon size={20} />
                          </span>
                        ) : (
                          <span
                            className="benefit-no"
                            role="img"
                            aria-label={t('wallet.notIncluded')}
                          >
                            –
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
        </tbody>
      </table>
      <p className="grade-foot">{t('wallet.translationNote')}</p>
    </div>
  );
}
