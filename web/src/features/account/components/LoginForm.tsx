// The sign-in form of the login and multi-login pages.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { ApiError } from '../../../lib/request';
import { isSuspension } from '../../../lib/suspension';
import { dismissToast } from '../../../lib/toast';
import { useLogin } from '../api/login';
import type { User } from '../api/types';
import { useFailureToast } from '../failure-toast';
import { type ValidationKey, checkPassword, checkRequired } from '../validation';
import { PasswordField } from './PasswordField';

type Errors = { userName?: ValidationKey; password?: ValidationKey };

/**
 * User name (or email) and password; used by the login and multi-login pages. An error goes as
 * soon as the person changes what it was about, or signs in. A ban's answer leads to the
 * suspension page; another refusal of the account itself (403) stays on the form rather than in
 * a passing toast, in the server's words.
 */
export function LoginForm({
  submitLabel,
  defaultUserName = '',
  onSuccess,
}: {
  submitLabel: string;
  defaultUserName?: string;
  onSuccess: (user: User) => void;
}) {
  const { t } = useTranslation();
  const login = useLogin();
  const [userName, setUserName] = useState(defaultUserName);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const failure = useFailureToast();
  const changed = (field: keyof Errors) => {
    setErrors((e) => ({ ...e, [field]: undefined }));
    setRefusal(null);
    failure.clear();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      userName: checkRequired(userName, 'validation.accountRequired') ?? undefined,
      password: checkPassword(password) ?? undefined,
    };
    setErrors(next);
    if (next.userName || next.password) return;
    // mutateAsync: signing in re-renders the route guards, which may unmount this form first.
    login
      .mutateAsync({ userName: userName.trim(), password })
      .then(({ user }) => {
        failure.clear();
        setRefusal(null);
        onSuccess(user);
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && isSuspension(err.code, err.data)) {
          // The suspension page says why and until when.
          setRefusal(null);
        } else if (err instanceof ApiError && err.code === 403) {
          if (err.toastId !== null) dismissToast(err.toastId);
          setRefusal(err.message);
        } else {
          setRefusal(null);
          failure.failed(err);
        }
      });
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={t('fields.userNameOrEmail')}
        name="userName"
        autoComplete="username"
        autoCapitalize="none"
        value={userName}
        onChange={(e) => {
          setUserName(e.target.value);
          changed('userName');
        }}
        error={errors.userName && t(errors.userName)}
      />
      <PasswordField
        label={t('fields.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          changed('password');
        }}
        error={errors.password && t(errors.password)}
      />
      {refusal && (
        <p className="form-error" role="alert" data-testid="login-refused">
          {refusal}
        </p>
      )}
      <Button type="submit" block loading={login.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
