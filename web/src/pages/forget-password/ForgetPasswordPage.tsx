// The forgotten-password page: the code by mail, then a new password.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthShell } from '../../components/AuthShell';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { showToast } from '../../lib/toast';
import {
  useRequestPasswordReset,
  useResetPassword,
} from '../../features/account/api/forget-password';
import {
  type ValidationKey,
  checkCode,
  checkConfirm,
  checkEmail,
  checkPassword,
  checkRequired,
} from '../../features/account/validation';
import { paths } from '../../lib/paths';

type Errors = Partial<
  Record<'userName' | 'email' | 'code' | 'password' | 'confirm', ValidationKey>
>;

/** Step 1: user name + email, a code is mailed. Step 2: the code + a new password. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sendCode = useRequestPasswordReset();
  const reset = useResetPassword();
  const [step, setStep] = useState<1 | 2>(1);
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submitStep1 = (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    const u = checkRequired(userName, 'validation.userNameRequired');
    const m = checkEmail(email);
    if (u) found.userName = u;
    if (m) found.email = m;
    setErrors(found);
    if (u || m) return;
    sendCode.mutate(
      { userName: userName.trim(), email: email.trim() },
      { onSuccess: () => setStep(2) },
    );
  };

  const submitStep2 = (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    const c = checkCode(code);
    const p = checkPassword(password);
    const k = checkConfirm(password, confirm);
    if (c) found.code = c;
    if (p) found.password = p;
    if (k) found.confirm = k;
    setErrors(found);
    if (c || p || k) return;
    reset.mutate(
      {
        inputUserName: userName.trim(),
        inputEmail: email.trim(),
        emailCode: code.trim(),
        newPassword: password,
      },
      {
        onSuccess: () => {
          showToast(t('forget.success'), 'success');
          navigate(`${paths.login}?userName=${encodeURIComponent(userName.trim())}`, {
            replace: true,
          });
        },
      },
    );
  };

  const err = (k: keyof Errors) => (errors[k] ? t(errors[k]) : undefined);

  return (
    <AuthShell
      title={t('forget.title')}
      subtitle={step === 1 ? t('forget.step1') : t('forget.step2', { email: email.trim() })}
      back={paths.login}
    >
      <p className="badge badge-accent" style={{ margin: '0 0 16px' }}>
        {t('forget.stepOf', { current: step, total: 2 })}
      </p>
      {step === 1 ? (
        <form onSubmit={submitStep1} noValidate>
          <TextField
            label={t('fields.userName')}
            name="userName"
            autoComplete="username"
            autoCapitalize="none"
            value={userName}
            onChange={(e) => setUserName(e.target.value)}
            error={err('userName')}
          />
          <TextField
            label={t('fields.email')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={err('email')}
          />
          <Button type="submit" block loading={sendCode.isPending}>
            {t('forget.sendCode')}
          </Button>
        </form>
      ) : (
        <form onSubmit={submitStep2} noValidate>
          <TextField
            label={t('fields.code')}
            name="code"
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            error={err('code')}
          />
          <TextField
            label={t('fields.newPassword')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={err('password')}
            hint={t('validation.passwordLength')}
          />
          <TextField
            label={t('fields.confirmNewPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={err('confirm')}
          />
          <Button type="submit" block loading={reset.isPending}>
            {t('forget.submit')}
          </Button>
          <Button
            variant="ghost"
            block
            style={{ marginTop: 8 }}
            loading={sendCode.isPending}
            onClick={() => sendCode.mutate({ userName: userName.trim(), email: email.trim() })}
          >
            {t('forget.resend')}
          </Button>
        </form>
      )}
      <p className="auth-foot">
        <Link to={paths.login}>{t('forget.backToLogin')}</Link>
      </p>
    </AuthShell>
  );
}
