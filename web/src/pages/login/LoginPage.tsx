// The login page.
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../../components/AuthShell';
import { LanguageSelect } from '../../components/LanguageSelect';
import { LoginForm } from '../../features/account/components/LoginForm';
import { paths } from '../../lib/paths';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm
        submitLabel={t('login.submit')}
        defaultUserName={params.get('userName') ?? ''}
        onSuccess={() => navigate(paths.root, { replace: true })}
      />
      <div className="auth-links">
        <Link to={paths.forgetPassword}>{t('login.forgot')}</Link>
        <Link to={paths.multiLogin}>{t('login.multi')}</Link>
      </div>
      <div style={{ marginTop: 22 }}>
        <LanguageSelect />
      </div>
      <p className="auth-foot">
        {t('login.noAccount')}{' '}
        <Link to={paths.register}>
          <strong>{t('login.register')}</strong>
        </Link>
      </p>
    </AuthShell>
  );
}
