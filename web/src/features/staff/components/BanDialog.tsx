// Ban a person: what they are told (a reason from the list, shown to them in their language), a
// reason in staff's words (required, shown to staff and kept in the audit log) and, optionally,
// for how many days; without days the ban lasts until staff lift it.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { SelectField, TextArea, TextField } from '../../../components/Field';
import { REPORT_REASONS } from '../../../lib/report-reasons';
import type { BanInput } from '../api/types';
import { BAN_DAYS_MAX, BAN_REASON_MAX, banDaysProblem, reasonLabel, wholeNumber } from './display';

export function BanDialog({
  open,
  name,
  defaultReason = '',
  defaultCode = '',
  busy,
  onBan,
  onClose,
}: {
  open: boolean;
  name: string;
  defaultReason?: string;
  /** The report's reason, when banning from a report. */
  defaultCode?: string;
  busy: boolean;
  onBan: (input: BanInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('staff.ban.title', { name })} sheet>
      {open && (
        <BanForm
          defaultReason={defaultReason}
          defaultCode={defaultCode}
          busy={busy}
          onBan={onBan}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function BanForm({
  defaultReason,
  defaultCode,
  busy,
  onBan,
  onClose,
}: {
  defaultReason: string;
  defaultCode: string;
  busy: boolean;
  onBan: (input: BanInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState(
    (REPORT_REASONS as readonly string[]).includes(defaultCode) ? defaultCode : '',
  );
  const [reason, setReason] = useState(defaultReason);
  const [days, setDays] = useState('');
  const [errors, setErrors] = useState<{ code?: string; reason?: string; days?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      code: code ? undefined : t('staff.ban.codeRequired'),
      reason: reason.trim() ? undefined : t('staff.ban.reasonRequired'),
      days: banDaysProblem(days) ? t('staff.ban.daysRange', { max: BAN_DAYS_MAX }) : undefined,
    };
    setErrors(next);
    if (next.code || next.reason || next.days) return;
    const count = wholeNumber(days);
    onBan({ reason: reason.trim(), code, ...(count ? { days: count } : {}) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="dialog-text">{t('staff.ban.body')}</p>
      <SelectField
        label={t('staff.ban.code')}
        value={code}
        placeholder={t('staff.ban.codePlaceholder')}
        options={REPORT_REASONS.map((c) => ({ value: c, label: reasonLabel(t, c) }))}
        onChange={(e) => setCode(e.target.value)}
        hint={t('staff.ban.codeHint')}
        error={errors.code}
        data-testid="ban-code"
      />
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
