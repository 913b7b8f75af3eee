// Reporting a group (its name, its picture, what goes on in it) or one message in it: a reason and
// optional details, confirmed first, as reporting a person is.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ConfirmDialog, Dialog } from '../../../components/Dialog';
import { TextArea } from '../../../components/Field';
import { ReportReasons } from '../../../components/ReportReasons';
import type { ReportReason } from '../../../lib/report-reasons';
import { showToast } from '../../../lib/toast';
import { useReportGroup } from '../api/report';
import './groups.css';

export const GROUP_REPORT_TEXT_MAX = 500;

/** What is reported: the group, or a message of `sender` in it. */
export type GroupReportSubject =
  { kind: 'group' } | { kind: 'message'; messageId: number; sender: string };

export function ReportGroupDialog({
  open,
  onClose,
  groupId,
  groupName,
  subject,
}: {
  open: boolean;
  onClose: () => void;
  groupId: number;
  groupName: string;
  subject: GroupReportSubject;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={
        subject.kind === 'group'
          ? t('report.title', { name: groupName })
          : t('groups.reportMessageTitle', { name: subject.sender })
      }
      sheet
      className="report-sheet"
    >
      {open && (
        <ReportGroupForm
          groupId={groupId}
          groupName={groupName}
          subject={subject}
          onDone={onClose}
        />
      )}
    </Dialog>
  );
}

function ReportGroupForm({
  groupId,
  groupName,
  subject,
  onDone,
}: {
  groupId: number;
  groupName: string;
  subject: GroupReportSubject;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const report = useReportGroup();
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
    report.mutate(
      {
        groupId,
        reason,
        ...(text ? { content: text } : {}),
        ...(subject.kind === 'message' ? { messageId: subject.messageId } : {}),
      },
      {
        onSuccess: () => {
          showToast(t('report.sent'), 'success');
          onDone();
        },
        onSettled: () => setConfirming(false),
      },
    );
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
        maxLength={GROUP_REPORT_TEXT_MAX}
        placeholder={t('report.detailsPlaceholder')}
        onChange={(e) => setContent(e.target.value)}
        hint={t('people.charsLeft', { used: [...content].length, max: GROUP_REPORT_TEXT_MAX })}
      />
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
        message={
          subject.kind === 'group'
            ? t('groups.reportGroupBody', { name: groupName })
            : t('groups.reportMessageBody', { name: subject.sender })
        }
        confirmLabel={t('report.send')}
        busy={report.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
