// The second step of a forgotten password: the mailed code and the new password twice; the code
// can be sent again.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { showToast } from '../../../lib/toast';
import { useRequestPasswordReset, useResetPassword } from '../api/forget-password';
import { type ValidationKey, checkCode, checkConfirm, checkPassword } from '../validation';
import { PasswordField } from './PasswordField';
import type { ResetAccount } from './ResetCodeForm';

type Errors = Partial<Record<'code' | 'password' | 'confirm', ValidationKey>>;

/** `onDone` once the password is changed: the person signs in with it. */
export function NewPasswordForm({
  account,
  onDone,
}: {
  account: ResetAccount;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const sendCode = useRequestPasswordReset();
  const reset = useResetPassword();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (e: FormEvent) => {
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
        inputUserName: account.userName,
        inputEmail: account.email,
        emailCode: code.trim(),
        newPassword: password,
      },
      {
        onSuccess: () => {
          showToast(t('forget.success'), 'success');
          onDone();
        },
      },
    );
  };

  const err = (k: keyof Errors) => (errors[k] ? t(errors[k]) : undefined);

  return (
    <form onSubmit={submit} noValidate>
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
      <PasswordField
        label={t('fields.newPassword')}
        name="newPassword"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={err('password')}
        lengthHint
      />
      <PasswordField
        label={t('fields.confirmNewPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
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
        onClick={() => sendCode.mutate(account)}
      >
        {t('forget.resend')}
      </Button>
    </form>
  );
}
