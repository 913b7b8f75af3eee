// The settings' account card: whether my email is verified (with the way to verify it) and the
// way to verify my photos.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { CameraIcon, MailIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import type { User } from '../api/types';
import { EmailVerification } from './EmailVerification';

export function VerificationCard({
  user,
  focusEmail,
}: {
  user: User | undefined;
  /** Opened from a "verify your email" link: the code field takes focus. */
  focusEmail: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="settings-block">
      <div className="list-item" style={{ cursor: 'default' }}>
        <MailIcon />
        <span className="grow">{t('settings.emailVerification')}</span>
        {user && (
          <span
            className={user.emailVerified ? 'badge badge-success' : 'badge'}
            data-testid="email-status"
          >
            {user.emailVerified ? t('settings.verified') : t('settings.notVerified')}
          </span>
        )}
      </div>
      {user && <EmailVerification user={user} focus={focusEmail} />}
      <Link className="list-item" to={paths.verification} data-testid="verify-photos">
        <CameraIcon />
        <span className="grow">{t('verification.entry')}</span>
        {user?.verified ? (
          <VerifiedBadge size={20} />
        ) : (
          <span className="badge">{t('settings.notVerified')}</span>
        )}
      </Link>
    </div>
  );
}
