// The small labels the console puts on people and reports.
import { useTranslation } from 'react-i18next';
import { ACCOUNT_STATUSES, REPORT_ACTIONS, known } from '../api/types';
import type { ReportSubject } from './display';

/** active, banned or deleted, in the reader's language. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const word = known(ACCOUNT_STATUSES, status);
  const tone = word === 'active' ? 'badge-success' : word === 'banned' ? 'badge-danger' : '';
  return (
    <span className={`badge ${tone}`} data-testid="account-status">
      {word ? t(`staff.status.${word}`) : status}
    </span>
  );
}

export function HeldBadge() {
  const { t } = useTranslation();
  return (
    <span className="badge badge-accent" title={t('staff.heldHint')}>
      {t('staff.held')}
    </span>
  );
}

/**
 * What closed a report: dismissed, banned, content removed (in a group: the message removed, the
 * group closed).
 */
export function ActionBadge({
  action,
  subject = 'person',
}: {
  action?: string | null;
  subject?: ReportSubject;
}) {
  const { t } = useTranslation();
  const word = known(REPORT_ACTIONS, action);
  if (!word) return null;
  const key =
    word === 'remove' && subject === 'message'
      ? 'staff.action.removeMessage'
      : word === 'remove' && subject === 'group'
        ? 'staff.action.closeGroup'
        : (`staff.action.${word}` as const);
  return <span className="badge">{t(key)}</span>;
}

/** Open or closed, in the reader's language. */
export function ReportStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className="badge badge-accent">
      {status === 'closed' ? t('staff.reports.status.closed') : t('staff.reports.status.open')}
    </span>
  );
}
