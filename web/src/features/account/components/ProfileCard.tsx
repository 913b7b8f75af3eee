// My own card at the top of the settings: photo, name, membership, coins and characters.
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/Avatar';
import { Skeleton } from '../../../components/Skeleton';
import { countryName } from '../../../i18n/countries';
import { formatDate, formatNumber } from '../../../i18n/format';
import { AllowanceLine } from '../../../components/AllowanceLine';
import { isMember } from '../../../lib/membership';
import type { User } from '../api/types';

export function ProfileCard({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  if (!user) {
    return (
      <div className="card profile-card" aria-busy="true">
        <Skeleton width={72} height={72} round />
        <div className="stack" style={{ flex: 1, gap: 8 }}>
          <Skeleton width="50%" height={18} />
          <Skeleton width="70%" height={14} />
        </div>
      </div>
    );
  }
  const running = isMember(user);
  const member = running
    ? t('settings.member', {
        level: user.level,
        date: formatDate(user.memberExpiresAt ?? '', { dateStyle: 'medium' }),
      })
    : t('settings.freeMember');
  return (
    <section
      className="card profile-card"
      aria-label={t('settings.profile')}
      data-testid="profile-card"
    >
      <Avatar
        src={user.avatarThumb ?? user.avatar}
        name={user.userName}
        size={72}
        alt={t('a11y.photoOf', { name: user.userName })}
      />
      <div className="profile-main">
        <h2 className="profile-name">{user.userName}</h2>
        <p className="muted profile-line">
          {t('settings.age', { age: user.age })} · {countryName(user.country, t)}
        </p>
        <p className="muted profile-line" data-may-truncate>
          {user.email}
        </p>
        <div className="row" style={{ gap: 6, flexWrap: 'wrap', marginTop: 6 }}>
          <span className={running ? 'badge badge-accent' : 'badge'}>{member}</span>
        </div>
      </div>
      <dl className="profile-stats">
        <div>
          <dt>{t('settings.coins')}</dt>
          <dd>{formatNumber(user.coins)}</dd>
        </div>
        <div>
          <dt>{t('settings.characters')}</dt>
          <dd data-testid="characters">{formatNumber(user.characters)}</dd>
          <AllowanceLine allowance={user.translationAllowance} />
        </div>
      </dl>
    </section>
  );
}
