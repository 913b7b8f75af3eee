// The forgotten-password page: the code by mail, then a new password.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthShell } from '../../components/AuthShell';
import { NewPasswordForm } from '../../features/account/components/NewPasswordForm';
import { type ResetAccount, ResetCodeForm } from '../../features/account/components/ResetCodeForm';
import { paths } from '../../lib/paths';

/** Step 1: user name + email, a code is mailed. Step 2: the code + a new password. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [account, setAccount] = useState<ResetAccount | null>(null);
  const step = account ? 2 : 1;

  return (
    <AuthShell
      title={t('forget.title')}
      subtitle={account ? t('forget.step2', { email: account.email }) : t('forget.step1')}
      back={paths.login}
    >
      <p className="badge badge-accent" style={{ margin: '0 0 16px' }}>
        {t('forget.stepOf', { current: step, total: 2 })}
      </p>
      {account ? (
        <NewPasswordForm
          account={account}
          onDone={() =>
            navigate(`${paths.login}?userName=${encodeURIComponent(account.userName)}`, {
              replace: true,
            })
          }
        />
      ) : (
        <ResetCodeForm onSent={setAccount} />
      )}
      <p className="auth-foot">
        <Link to={paths.login}>{t('forget.backToLogin')}</Link>
      </p>
    </AuthShell>
  );
}
