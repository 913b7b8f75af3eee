// Reporting a group (its name, its picture, what goes on in it) or one message in it: a reason and
// optional details, confirmed first, as reporting a person is.
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { ReportForm } from '../../../components/ReportForm';
import { useReportGroup } from '../api/report';
import './groups.css';

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
  return (
    <ReportForm
      confirmBody={
        subject.kind === 'group'
          ? t('groups.reportGroupBody', { name: groupName })
          : t('groups.reportMessageBody', { name: subject.sender })
      }
      busy={report.isPending}
      onSend={(input) =>
        report.mutateAsync({
          groupId,
          ...input,
          ...(subject.kind === 'message' ? { messageId: subject.messageId } : {}),
        })
      }
      onDone={onDone}
    />
  );
}
