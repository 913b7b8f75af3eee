// What a non-member sees where a membership is needed.
import './people.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CameraIcon,
  CheckIcon,
  CrownIcon,
  FootprintIcon,
  LockIcon,
  WinkIcon,
} from '../../../components/icons';
import { paths } from '../../../lib/paths';

export type UpgradeReason = 'likeMe' | 'visitor' | 'discover' | 'album';

const PERKS = [
  'upgrade.perkLikes',
  'upgrade.perkTranslate',
  'upgrade.perkAlbum',
  'upgrade.perkSupport',
] as const;

/**
 * What a non-member sees where a membership is needed (SPEC section 6): how many people are
 * waiting, what members get, and 'Upgrade now'.
 */
export function UpgradePanel({
  reason,
  count = 0,
  compact = false,
}: {
  reason: UpgradeReason;
  /** People waiting behind the gate: likes or visits since the list was last opened. */
  count?: number;
  /** The card at the end of a list rather than a whole page. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const title =
    reason === 'likeMe'
      ? count > 0
        ? t('upgrade.likedYou', { count })
        : t('upgrade.likedYouNone')
      : reason === 'visitor'
        ? count > 0
          ? t('upgrade.visitedYou', { count })
          : t('upgrade.visitedYouNone')
        : reason === 'album'
          ? t('album.upgradeTitle')
          : t('upgrade.discoverTitle');
  const body =
    reason === 'likeMe'
      ? t('upgrade.likedYouBody')
      : reason === 'visitor'
        ? t('upgrade.visitedYouBody')
        : reason === 'album'
          ? t('album.upgradeViewBody')
          : t('upgrade.discoverBody');
  const Icon =
    reason === 'likeMe'
      ? WinkIcon
      : reason === 'visitor'
        ? FootprintIcon
        : reason === 'album'
          ? CameraIcon
          : CrownIcon;
  return (
    <section
      className={compact ? 'upgrade-panel compact' : 'upgrade-panel'}
      data-testid="upgrade-panel"
      aria-labelledby={`upgrade-${reason}`}
    >
      <div className="upgrade-art" aria-hidden="true">
        <span className="ghost ghost-1" />
        <span className="ghost ghost-2" />
        <span className="ghost ghost-3" />
        <span className="upgrade-lock">
          {count > 0 ? (
            <span className="upgrade-count">{count > 99 ? '99+' : count}</span>
          ) : (
            <Icon size={28} />
          )}
          <LockIcon size={16} className="upgrade-lock-icon" />
        </span>
      </div>
      <h2 id={`upgrade-${reason}`}>{title}</h2>
      <p className="upgrade-body">{body}</p>
      {!compact && (
        <ul className="upgrade-perks">
          {PERKS.map((key) => (
            <li key={key}>
              <CheckIcon size={18} />
              {t(key)}
            </li>
          ))}
        </ul>
      )}
      <Link className="btn btn-primary upgrade-cta" to={paths.recharge}>
        <CrownIcon size={20} />
        {t('upgrade.now')}
      </Link>
    </section>
  );
}
