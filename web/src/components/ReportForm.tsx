// The form every report is made with (a person, a group, a message in a group): a reason, optional
// details, whatever else the report takes (a person's screenshots), and "Are you sure?" before it
// is sent. The caller sends it; a report sent says thank you and closes.
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportReason } from '../lib/report-reasons';
import { showToast } from '../lib/toast';
import { Button } from './Button';
import { ConfirmDialog } from './Dialog';
import { TextArea } from './Field';
import { ReportReasons } from './ReportReasons';

/** The most characters of a report's details (the server's limit). */
export const REPORT_TEXT_MAX = 500;

export type ReportInput = { reason: ReportReason; content?: string };

export function ReportForm({
  confirmBody,
  busy,
  onSend,
  onDone,
  children,
}: {
  /** What "Are you sure?" says is being reported. */
  confirmBody: string;
  busy: boolean;
  /** Sends the report; a rejection keeps the form open (the request helper says why). */
  onSend: (input: ReportInput) => Promise<unknown>;
  onDone: () => void;
  /** Fields after the details. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError(t('report.chooseReason'));
    setConfirming(true);
  };

  const send = () => {
    if (!reason) return;
    const text = content.trim();
    onSend({ reason, ...(text ? { content: text } : {}) })
      .then(() => {
        showToast(t('report.sent'), 'success');
        onDone();
      })
      .catch(() => undefined)
      .finally(() => setConfirming(false));
  };

  return (
    <form onSubmit={submit} noValidate className="report-form">
      <ReportReasons
        value={reason}
        error={error}
        onChange={(r) => {
          setReason(r);
          setError(null);
        }}
      />
      <TextArea
        label={t('report.details')}
        optional
        value={content}
        maxLength={REPORT_TEXT_MAX}
        placeholder={t('report.detailsPlaceholder')}
        onChange={(e) => setContent(e.target.value)}
        hint={t('people.charsLeft', { used: [...content].length, max: REPORT_TEXT_MAX })}
      />
      {children}
      <div className="dialog-actions sheet-form-actions">
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger">
          {t('report.send')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        danger
        title={t('report.confirmTitle')}
        message={confirmBody}
        confirmLabel={t('report.send')}
        busy={busy}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
