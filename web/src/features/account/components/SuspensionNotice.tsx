// What a banned person sees instead of "Login has expired": that her account is suspended, why
// (the reason staff picked), until when (in her language's date format, or until lifted), and
// the way to ask for a review: one appeal per suspension, then what became of it.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { TextArea } from '../../../components/Field';
import { formatDate } from '../../../i18n/format';
import { reportReason } from '../../../lib/report-reasons';
import { type Suspension, rememberAppeal } from '../../../lib/suspension';
import { useSendAppeal } from '../api/appeal';
import { useFailureToast } from '../failure-toast';
import './account.css';

/** The longest appeal the server takes, in characters. */
export const APPEAL_MAX = 1000;

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

export function SuspensionNotice({ suspension }: { suspension: Suspension }) {
  const { t } = useTranslation();
  const [appeal, setAppeal] = useState(suspension.appeal ?? null);
  return (
    <section className="suspension" aria-labelledby="suspension-title" data-testid="suspension">
      <h2 id="suspension-title" className="suspension-title">
        {t('suspension.heading')}
      </h2>
      <dl className="suspension-facts">
        <dt>{t('suspension.why')}</dt>
        <dd data-testid="suspension-reason">
          {t(`suspension.reasons.${reportReason(suspension.reason)}`)}
        </dd>
        <dt>{t('suspension.untilLabel')}</dt>
        <dd data-testid="suspension-until">
          {suspension.until ? formatDate(suspension.until, WHEN) : t('suspension.untilLifted')}
        </dd>
      </dl>
      {appeal ? (
        <p className="suspension-appeal" role="status" data-testid="appeal-state">
          {appeal.state === 'kept'
            ? t('suspension.appealKept', { date: formatDate(appeal.sentAt, WHEN) })
            : t('suspension.appealSent', { date: formatDate(appeal.sentAt, WHEN) })}
        </p>
      ) : (
        <AppealForm
          token={suspension.appealToken}
          onSent={(sent) => {
            rememberAppeal(sent);
            setAppeal(sent);
          }}
        />
      )}
    </section>
  );
}

function AppealForm({
  token,
  onSent,
}: {
  token: string;
  onSent: (appeal: NonNullable<Suspension['appeal']>) => void;
}) {
  const { t } = useTranslation();
  const send = useSendAppeal();
  const failure = useFailureToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError(t('suspension.appealRequired'));
      return;
    }
    send.mutate(
      { token, text: text.trim() },
      {
        onError: failure.failed,
        onSuccess: (sent) => {
          failure.clear();
          onSent(sent);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="suspension-appeal-form">
      <h3 className="suspension-subtitle">{t('suspension.appealTitle')}</h3>
      <p className="suspension-hint">{t('suspension.appealHint')}</p>
      <TextArea
        label={t('suspension.appealLabel')}
        value={text}
        rows={4}
        maxLength={APPEAL_MAX}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
          failure.clear();
        }}
        hint={t('suspension.appealCount', { n: text.length, max: APPEAL_MAX })}
        error={error ?? undefined}
      />
      <Button type="submit" block loading={send.isPending}>
        {t('suspension.appealSend')}
      </Button>
    </form>
  );
}
