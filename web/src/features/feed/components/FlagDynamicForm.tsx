// Flagging someone's dynamic: a reason, then "Are you sure?" before it is sent.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Dialog';
import { showToast } from '../../../lib/toast';
import { useFlagDynamic } from '../api/dynamic';
import { type Dynamic, FLAG_REASONS, type FlagReason } from '../api/types';

export function FlagDynamicForm({ dynamic, onDone }: { dynamic: Dynamic; onDone: () => void }) {
  const { t } = useTranslation();
  const flag = useFlagDynamic();
  const [reason, setReason] = useState<FlagReason | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The reason first, then "Are you sure?", as a report of a person asks (SPEC section 5).
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) {
      setError(t('feed.chooseReason'));
      return;
    }
    setConfirming(true);
  };
  const send = () => {
    if (!reason) return;
    flag.mutate(
      { id: dynamic.id, reason },
      {
        onSuccess: () => {
          showToast(t('feed.flagged'), 'success');
          onDone();
        },
        onSettled: () => setConfirming(false),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset
        className={error ? 'field invalid' : 'field'}
        aria-describedby={error ? 'flag-reason-error' : undefined}
      >
        <legend className="field-label">{t('feed.flagReason')}</legend>
        <div className="dyn-reasons">
          {FLAG_REASONS.map((r) => (
            <label key={r} className={reason === r ? 'dyn-reason checked' : 'dyn-reason'}>
              <input
                type="radio"
                name="flag-reason"
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  setError(null);
                }}
              />
              {t(`feed.reasons.${r}`)}
            </label>
          ))}
        </div>
        {error && (
          <span className="field-error" id="flag-reason-error" role="alert">
            {error}
          </span>
        )}
      </fieldset>
      <div className="dialog-actions sheet-form-actions">
        <Button variant="outline" onClick={onDone} disabled={flag.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger">
          {t('feed.flagSend')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        danger
        title={t('feed.flagTitle')}
        message={t('feed.flagBody', { name: dynamic.userName })}
        confirmLabel={t('feed.flagSend')}
        busy={flag.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
