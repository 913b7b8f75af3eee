import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { useLogin } from '../api/login';
import type { User } from '../api/types';
import { type ValidationKey, checkPassword, checkRequired } from '../validation';

/** User name (or email) and password; used by the login and multi-login pages. */
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
  const [errors, setErrors] = useState<{ userName?: ValidationKey; password?: ValidationKey }>({});

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
      .then(({ user }) => onSuccess(user))
      .catch(() => undefined);
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={t('fields.userNameOrEmail')}
        name="userName"
        autoComplete="username"
        autoCapitalize="none"
        value={userName}
        onChange={(e) => setUserName(e.target.value)}
        error={errors.userName && t(errors.userName)}
      />
      <TextField
        label={t('fields.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password && t(errors.password)}
      />
      <Button type="submit" block loading={login.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
