// Signing in to another account, kept on this device beside the current one.
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../../components/AuthShell';
import { LoginForm } from '../../features/account/components/LoginForm';
import { showToast } from '../../lib/toast';
import { paths } from '../../lib/paths';

/** Logs in one more account: the saved ones stay, and the new one becomes current. */
export default function MultiLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AuthShell title={t('multiLogin.title')} subtitle={t('multiLogin.subtitle')} back>
      <LoginForm
        submitLabel={t('multiLogin.submit')}
        defaultUserName={params.get('userName') ?? ''}
        onSuccess={(user) => {
          showToast(t('switchAccount.switched', { name: user.userName }), 'success');
          navigate(paths.root, { replace: true });
        }}
      />
    </AuthShell>
  );
}
