// The top of a person's profile: the big photo with the VIP badge, then the name (my remark
// first, with their own name under it), age, verification, online state, the match badge, and
// the country and language.
import { useTranslation } from 'react-i18next';
import { Flag } from '../../../components/Flag';
import { CrownIcon, HeartIcon } from '../../../components/icons';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { countryName } from '../../../i18n/countries';
import { isLanguageAbbr, languageInfo } from '../../../i18n/languages';
import { ACTIVITY_LABEL, useOnlineStatus } from '../../../lib/online-status';
import type { Profile } from '../api/types';
import { displayName } from '../display';

/** The photo, above the profile's body. */
export function ProfileHero({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const name = displayName(profile);
  const photo = profile.avatar ?? profile.avatarThumb;
  return (
    <div className="profile-hero">
      {photo ? (
        <img src={photo} alt={t('a11y.photoOf', { name })} />
      ) : (
        <span className="person-initial" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      {profile.level && (
        <span className="vip-badge vip-badge-l" data-testid="vip-badge">
          <CrownIcon size={14} />
          {profile.level}
        </span>
      )}
    </div>
  );
}

/** Name, age, presence and the match; then country and language. */
export function ProfileHead({ profile, mutual }: { profile: Profile; mutual: boolean }) {
  const { t } = useTranslation();
  const name = displayName(profile);
  const online = useOnlineStatus(profile.userId, !profile.mine).data;
  const isOnline = online?.online ?? profile.online;
  const active = online?.active ?? profile.active;
  const language = isLanguageAbbr(profile.language)
    ? languageInfo(profile.language).native
    : profile.language;
  return (
    <>
      <header className="profile-head">
        <h2 className="profile-title">
          <span data-testid="profile-name">{name}</span>
          {profile.verified && <VerifiedBadge size={20} />}
          <span className="profile-age">{profile.age}</span>
        </h2>
        {profile.remark && (
          <p className="profile-real-name" data-testid="profile-real-name">
            {t('people.profileName', { name: profile.userName })}
          </p>
        )}
        <p className={isOnline ? 'presence online' : 'presence'} data-testid="presence">
          {isOnline ? (
            <>
              <span className="online-dot" aria-hidden="true" />
              {t('people.onlineNow')}
            </>
          ) : (
            t(ACTIVITY_LABEL[active])
          )}
        </p>
        {!profile.mine && mutual && (
          <span className="badge badge-accent match-badge">
            <HeartIcon size={14} fill="currentColor" />
            {t('people.matchBadge')}
          </span>
        )}
      </header>

      <dl className="profile-facts">
        <div>
          <dt>{t('fields.country')}</dt>
          <dd>
            <Flag country={profile.country} height={14} />
            {countryName(profile.country, t)}
          </dd>
        </div>
        <div>
          <dt>{t('fields.language')}</dt>
          <dd>{language}</dd>
        </div>
      </dl>
    </>
  );
}
