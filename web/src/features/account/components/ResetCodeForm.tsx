// The first step of a forgotten password: the account's user name and email; a code is mailed.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { useRequestPasswordReset } from '../api/forget-password';
import { type ValidationKey, checkEmail, checkRequired } from '../validation';

/** Whose password is being reset: the user name and email as the person wrote them, trimmed. */
export interface ResetAccount {
  userName: string;
  email: string;
}

type Errors = Partial<Record<'userName' | 'email', ValidationKey>>;

export function ResetCodeForm({ onSent }: { onSent: (account: ResetAccount) => void }) {
  const { t } = useTranslation();
  const sendCode = useRequestPasswordReset();
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    const u = checkRequired(userName, 'validation.userNameRequired');
    const m = checkEmail(email);
    if (u) found.userName = u;
    if (m) found.email = m;
    setErrors(found);
    if (u || m) return;
    const account = { userName: userName.trim(), email: email.trim() };
    sendCode.mutate(account, { onSuccess: () => onSent(account) });
  };

  const err = (k: keyof Errors) => (errors[k] ? t(errors[k]) : undefined);

  return (
    <form onSubmit={submit} noValidate>
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
  );
}
