import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { CheckIcon, MailIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import { useSendVerificationEmail, useVerifyEmail } from '../api/email-verification';
import type { EmailVerifiedResult, User } from '../api/types';
import { type ValidationKey, checkCode } from '../validation';

/** Send a code to my email, enter the six digits, get 80 free characters. */
export function EmailVerification({ user }: { user: User }) {
  const { t } = useTranslation();
  const send = useSendVerificationEmail();
  const verify = useVerifyEmail();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<ValidationKey | null>(null);
  const [reward, setReward] = useState<EmailVerifiedResult | null>(null);

  if (reward) {
    return (
      <div className="verify-box verified" role="status" data-testid="verify-reward">
        <CheckIcon />
        <p>
          {t('settings.verifiedReward', {
            granted: formatNumber(reward.charactersGranted),
            balance: formatNumber(reward.characters),
          })}
        </p>
      </div>
    );
  }
  if (user.emailVerified) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkCode(code);
    setError(found);
    if (found) return;
    verify.mutate(code.trim(), { onSuccess: (result) => setReward(result) });
  };

  return (
    <div className="verify-box">
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <MailIcon />
        <p style={{ margin: 0, flex: 1 }}>
          {sent ? t('settings.codeSent', { email: user.email }) : t('settings.verifyHint')}
        </p>
      </div>
      {sent ? (
        <form onSubmit={submit} noValidate className="verify-form">
          <TextField
            label={t('fields.code')}
            name="code"
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            error={error && t(error)}
          />
          <div className="row" style={{ flexWrap: 'wrap' }}>
            <Button type="submit" loading={verify.isPending}>
              {t('settings.verify')}
            </Button>
            <Button variant="ghost" loading={send.isPending} onClick={() => send.mutate()}>
              {t('forget.resend')}
            </Button>
          </div>
        </form>
      ) : (
        <Button
          variant="secondary"
          small
          loading={send.isPending}
          onClick={() => send.mutate(undefined, { onSuccess: () => setSent(true) })}
        >
          {t('settings.sendCode')}
        </Button>
      )}
    </div>
  );
}
