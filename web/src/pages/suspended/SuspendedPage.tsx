// The suspension page: where a banned person lands from sign-in or from a session her ban
// ended, rather than at "Login has expired".
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { AuthShell } from '../../components/AuthShell';
import { LanguageSelect } from '../../components/LanguageSelect';
import { SuspensionNotice } from '../../features/account/components/SuspensionNotice';
import { paths } from '../../lib/paths';
import { forgetSuspension, storedSuspension } from '../../lib/suspension';

export default function SuspendedPage() {
  const { t } = useTranslation();
  const suspension = storedSuspension();
  if (!suspension) return <Navigate to={paths.login} replace />;
  return (
    <AuthShell title={t('suspension.title')}>
      <SuspensionNotice suspension={suspension} />
      <div className="auth-links">
        <Link to={paths.login} onClick={forgetSuspension}>
          {t('suspension.backToLogin')}
        </Link>
        <Link to={paths.rules}>{t('suspension.rules')}</Link>
      </div>
      <div style={{ marginTop: 22 }}>
        <LanguageSelect />
      </div>
    </AuthShell>
  );
}
