// Ban a person: a reason (required, shown to staff and kept in the audit log) and, optionally,
// for how many days; without days the ban lasts until staff lift it.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { TextArea, TextField } from '../../../components/Field';
import type { BanInput } from '../api/types';
import { BAN_DAYS_MAX, BAN_REASON_MAX, banDaysProblem, wholeNumber } from './display';

export function BanDialog({
  open,
  name,
  defaultReason = '',
  busy,
  onBan,
  onClose,
}: {
  open: boolean;
  name: string;
  defaultReason?: string;
  busy: boolean;
  onBan: (input: BanInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('staff.ban.title', { name })} sheet>
      {open && (
        <BanForm defaultReason={defaultReason} busy={busy} onBan={onBan} onClose={onClose} />
      )}
    </Dialog>
  );
}

function BanForm({
  defaultReason,
  busy,
  onBan,
  onClose,
}: {
  defaultReason: string;
  busy: boolean;
  onBan: (input: BanInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState(defaultReason);
  const [days, setDays] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; days?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      reason: reason.trim() ? undefined : t('staff.ban.reasonRequired'),
      days: banDaysProblem(days) ? t('staff.ban.daysRange', { max: BAN_DAYS_MAX }) : undefined,
    };
    setErrors(next);
    if (next.reason || next.days) return;
    const count = wholeNumber(days);
    onBan({ reason: reason.trim(), ...(count ? { days: count } : {}) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="dialog-text">{t('staff.ban.body')}</p>
      <TextArea
        label={t('staff.ban.reason')}
        value={reason}
        rows={3}
        maxLength={BAN_REASON_MAX}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason}
        data-testid="ban-reason"
      />
      <TextField
        label={t('staff.ban.days')}
        optional
        inputMode="numeric"
        value={days}
        onChange={(e) => setDays(e.target.value)}
        hint={t('staff.ban.daysHint')}
        error={errors.days}
        data-testid="ban-days"
      />
      <div className="dialog-actions sheet-form-actions">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={busy}>
          {t('staff.ban.confirm')}
        </Button>
      </div>
    </form>
  );
}
