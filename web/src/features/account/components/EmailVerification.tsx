// Verifying my email address with a six-digit code.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { CheckIcon, MailIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import { useSendVerificationEmail, useVerifyEmail } from '../api/email-verification';
import type { EmailVerifiedResult, User } from '../api/types';
import { useFailureToast } from '../failure-toast';
import { type ValidationKey, checkCode } from '../validation';

/** How long a mailed code lasts on the server (every code sent stays good that long). */
const CODE_LIFE_MS = 10 * 60 * 1000;

function sentKey(userId: number): string {
  return `amora.emailCodeSent.${userId}`;
}

/** When a code was last mailed to this person in this tab, if it may still be good. */
function codeSentAt(userId: number): number | null {
  try {
    const at = Number(globalThis.sessionStorage?.getItem(sentKey(userId)));
    return at && Date.now() - at < CODE_LIFE_MS ? at : null;
  } catch {
    return null;
  }
}

function noteCodeSent(userId: number): void {
  try {
    globalThis.sessionStorage?.setItem(sentKey(userId), String(Date.now()));
  } catch {
    // Private mode without storage: the box stays until a reload.
  }
}

/**
 * Send a code to my email, enter the six digits, get 80 free characters. An error goes as soon as
 * the code changes or a later attempt succeeds. The code box stays after a reload while a code
 * sent from this tab may still be good, and sending again keeps the earlier codes good. `focus`
 * (the "Verify" prompt leads here) brings it into view and sends the first code itself.
 */
export function EmailVerification({ user, focus = false }: { user: User; focus?: boolean }) {
  const { t } = useTranslation();
  const send = useSendVerificationEmail();
  const verify = useVerifyEmail();
  const [sent, setSent] = useState(() => codeSentAt(user.userId) !== null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<ValidationKey | null>(null);
  const [reward, setReward] = useState<EmailVerifiedResult | null>(null);
  const failure = useFailureToast();
  const box = useRef<HTMLDivElement>(null);
  const sendCode = () =>
    send.mutate(undefined, {
      onError: failure.failed,
      onSuccess: () => {
        failure.clear();
        noteCodeSent(user.userId);
        setSent(true);
      },
    });
  // The prompt asked to verify: the first code goes at once (not again after a reload).
  const asked = useRef(false);
  useEffect(() => {
    if (!focus || user.emailVerified || asked.current) return;
    asked.current = true;
    if (codeSentAt(user.userId) === null) sendCode();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the prompt leads here
  }, [focus]);
  useEffect(() => {
    if (!focus || !box.current) return;
    box.current.scrollIntoView({ block: 'center' });
    (box.current.querySelector('input') ?? box.current.querySelector('button'))?.focus({
      preventScroll: true,
    });
  }, [focus, sent]);

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
    verify.mutate(code.trim(), {
      onError: failure.failed,
      onSuccess: (result) => {
        failure.clear();
        setReward(result);
      },
    });
  };

  return (
    <div className="verify-box" ref={box}>
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
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, ''));
              setError(null);
              failure.clear();
            }}
            error={error && t(error)}
          />
          <div className="row" style={{ flexWrap: 'wrap' }}>
            <Button type="submit" loading={verify.isPending}>
              {t('settings.verify')}
            </Button>
            <Button variant="ghost" loading={send.isPending} onClick={sendCode}>
              {t('forget.resend')}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" small loading={send.isPending} onClick={sendCode}>
          {t('settings.sendCode')}
        </Button>
      )}
    </div>
  );
}
