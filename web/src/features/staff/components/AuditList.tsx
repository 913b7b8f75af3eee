// Rows of the audit log: when, who (staff, or an operator command), what, on what, and the
// before / after the action recorded.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staffReportHref, staffUserHref } from '../../../lib/paths';
import type { AuditEntry } from '../api/types';
import { prettyJson, when } from './display';

/** Where a target of the log can be looked at in the console. */
function targetHref(kind: string, id: string | number): string | null {
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1) return null;
  if (kind === 'user') return staffUserHref(n);
  if (kind === 'report') return staffReportHref(n);
  return null;
}

export function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const href = targetHref(entry.targetKind, entry.targetId);
  const target = `${entry.targetKind} #${entry.targetId}`;
  const before = prettyJson(entry.before);
  const after = prettyJson(entry.after);
  return (
    <article className="staff-audit" data-testid="audit-row">
      <div className="staff-audit-line">
        <code className="staff-code">{entry.action}</code>
        {href ? <Link to={href}>{target}</Link> : <span>{target}</span>}
        <span className="muted staff-small">
          {entry.staffId === null
            ? t('staff.audit.operator')
            : (entry.staffName ?? `#${entry.staffId}`)}{' '}
          · <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
        </span>
      </div>
      {(before || after) && (
        <details>
          <summary>{t('staff.audit.changes')}</summary>
          <div className="staff-json">
            {before && (
              <div>
                <h4>{t('staff.audit.before')}</h4>
                <pre>{before}</pre>
              </div>
            )}
            {after && (
              <div>
                <h4>{t('staff.audit.after')}</h4>
                <pre>{after}</pre>
              </div>
            )}
          </div>
        </details>
      )}
    </article>
  );
}
