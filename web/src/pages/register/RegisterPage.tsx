// The sign-up page.
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthShell } from '../../components/AuthShell';
import { RegisterForm } from '../../features/account/components/RegisterForm';
import { AFTER_SIGN_UP } from '../../features/account/components/VerifyEmailPrompt';
import { paths } from '../../lib/paths';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthShell title={t('register.title')} subtitle={t('register.subtitle')} back={paths.login}>
      <RegisterForm
        onRegistered={() => navigate(paths.root, { replace: true, state: AFTER_SIGN_UP })}
      />
      <p className="auth-foot">
        {t('register.haveAccount')} <Link to={paths.login}>{t('register.login')}</Link>
      </p>
    </AuthShell>
  );
}
