// One report as staff decide it: who reported whom, why, their screenshots, what the reported
// person wrote to the reporter lately, earlier reports against them, and the three decisions. A
// report made in a group shows the group's latest lines, the reported message marked, and its
// "remove" takes that message down, or closes the group when the group itself is reported.
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Dialog';
import { formatNumber } from '../../../i18n/format';
import { staffReportHref, staffUserHref } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useCloseReport } from '../api/reports';
import type { GroupLine, Report, ReportAction, ReportDetail, ReportPerson } from '../api/types';
import { BanDialog } from './BanDialog';
import { ActionBadge, HeldBadge, ReportStatusBadge, StatusBadge } from './badges';
import {
  type ReportSubject,
  groupLineText,
  messageText,
  reasonLabel,
  reportSubject,
  when,
} from './display';

/** What "remove" does, by what the report is about (the action sent is `remove` for all three). */
const REMOVE = {
  person: {
    label: 'staff.reports.remove',
    title: 'staff.reports.removeTitle',
    body: 'staff.reports.removeBody',
    done: 'staff.reports.done.remove',
    hint: 'staff.reports.decideHint',
    target: 'staff.reports.target',
  },
  message: {
    label: 'staff.reports.removeMessage',
    title: 'staff.reports.removeMessageTitle',
    body: 'staff.reports.removeMessageBody',
    done: 'staff.reports.done.removeMessage',
    hint: 'staff.reports.decideHintMessage',
    target: 'staff.reports.targetSender',
  },
  group: {
    label: 'staff.reports.closeGroup',
    title: 'staff.reports.closeGroupTitle',
    body: 'staff.reports.closeGroupBody',
    done: 'staff.reports.done.closeGroup',
    hint: 'staff.reports.decideHintGroup',
    target: 'staff.reports.targetOwner',
  },
} as const satisfies Record<ReportSubject, Record<string, string>>;

export function ReportView({
  report,
  onClosed,
}: {
  report: ReportDetail;
  /** After a decision: the console goes back to the queue. */
  onClosed: (closed: Report) => void;
}) {
  const { t } = useTranslation();
  const close = useCloseReport();
  const [asking, setAsking] = useState<ReportAction | null>(null);
  const { target, reporter } = report;
  const open = report.status === 'open';
  const subject = reportSubject(report);
  const words = REMOVE[subject];
  const groupName = report.group?.name ?? '';

  const decide = (action: ReportAction, extra: { reason?: string; days?: number } = {}) =>
    close.mutate(
      { id: report.id, action, ...extra },
      {
        onSuccess: (closed) => {
          setAsking(null);
          const done = action === 'remove' ? words.done : (`staff.reports.done.${action}` as const);
          showToast(t(done, { name: target.userName, group: groupName }), 'success');
          onClosed(closed);
        },
      },
    );

  return (
    <div className="staff-detail">
      <div className="staff-columns">
        <PersonCard title={t(words.target)} person={target}>
          <div className="staff-badges">
            <StatusBadge status={target.status} />
            {target.held && <HeldBadge />}
            <span className="badge">
              {t('staff.reports.against', {
                count: report.targetReports,
                n: formatNumber(report.targetReports),
              })}
            </span>
          </div>
        </PersonCard>
        <PersonCard title={t('staff.reports.reporter')} person={reporter} />
      </div>

      <section className="card staff-block" aria-labelledby="report-reason">
        <h2 id="report-reason">{t('staff.reports.reason')}</h2>
        <div className="staff-badges">
          <span className="badge badge-accent">{reasonLabel(t, report.reason)}</span>
          <span className="muted staff-small">{when(report.createdAt)}</span>
          <ActionBadge action={report.action} subject={subject} />
        </div>
        {report.content ? (
          <p className="staff-text">{report.content}</p>
        ) : (
          <p className="muted">{t('staff.reports.noDetails')}</p>
        )}
        {report.images.length > 0 && (
          <>
            <h3>{t('staff.reports.screenshots')}</h3>
            <div className="staff-shots">
              {report.images.map((src, i) => (
                <a key={src} href={src} target="_blank" rel="noreferrer">
                  <img src={src} alt={t('report.screenshotN', { number: i + 1 })} />
                </a>
              ))}
            </div>
          </>
        )}
      </section>

      {open ? (
        <section className="card staff-block" aria-labelledby="report-decide">
          <h2 id="report-decide">{t('staff.reports.decide')}</h2>
          <div className="staff-actions">
            <Button
              variant="outline"
              loading={close.isPending && close.variables.action === 'dismiss'}
              onClick={() => decide('dismiss')}
            >
              {t('staff.reports.dismiss')}
            </Button>
            <Button variant="danger" onClick={() => setAsking('ban')}>
              {t('staff.reports.ban')}
            </Button>
            <Button variant="secondary" onClick={() => setAsking('remove')}>
              {t(words.label)}
            </Button>
          </div>
          <p className="muted staff-small">{t(words.hint)}</p>
        </section>
      ) : (
        <p className="staff-closed" role="status">
          {t('staff.reports.closedOn', { time: when(report.closedAt) })}{' '}
          <ActionBadge action={report.action} subject={subject} />
        </p>
      )}

      {report.group && (
        <section className="card staff-block" aria-labelledby="report-group">
          <h2 id="report-group">{t('staff.reports.inGroup', { name: report.group.name })}</h2>
          <div className="staff-badges">
            <span className="muted staff-small">#{report.group.id}</span>
            {report.group.ended && <span className="badge">{t('staff.reports.groupEnded')}</span>}
          </div>
          <GroupLines lines={report.groupLines} reported={report.messageId ?? null} />
        </section>
      )}

      <section className="card staff-block" aria-labelledby="report-messages">
        <h2 id="report-messages">
          {t('staff.reports.messages', { name: target.userName, reporter: reporter.userName })}
        </h2>
        {report.recentMessages.length === 0 ? (
          <p className="muted">{t('staff.reports.noMessages')}</p>
        ) : (
          <ol className="staff-messages">
            {report.recentMessages.map((m) => (
              <li key={m.id}>
                <time className="muted staff-small" dateTime={m.createdAt}>
                  {when(m.createdAt)}
                </time>
                <p className="staff-text">{messageText(m.content, m.type)}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="card staff-block" aria-labelledby="report-earlier">
        <h2 id="report-earlier">{t('staff.reports.earlier')}</h2>
        {report.earlierReports.length === 0 ? (
          <p className="muted">{t('staff.reports.noEarlier')}</p>
        ) : (
          <ul className="list">
            {report.earlierReports.map((r) => (
              <li key={r.id}>
                <Link className="list-item" to={staffReportHref(r.id)}>
                  <span className="grow">
                    <span>
                      {reasonLabel(t, r.reason)} ·{' '}
                      {t('staff.reports.by', { name: r.reporter.userName })}
                    </span>
                    <span className="muted staff-small">{when(r.createdAt)}</span>
                  </span>
                  <ReportStatusBadge status={r.status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <BanDialog
        open={asking === 'ban'}
        name={target.userName}
        defaultReason={reasonLabel(t, report.reason)}
        defaultCode={report.reason}
        busy={close.isPending}
        onBan={(input) => decide('ban', input)}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'remove'}
        danger
        title={t(words.title, { name: target.userName, group: groupName })}
        message={t(words.body)}
        confirmLabel={t(words.label)}
        busy={close.isPending}
        onConfirm={() => decide('remove')}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}

function PersonCard({
  title,
  person,
  children,
}: {
  title: string;
  person: ReportPerson;
  children?: ReactNode;
}) {
  return (
    <section className="card staff-block" aria-label={title}>
      <h2>{title}</h2>
      <Link className="staff-person" to={staffUserHref(person.userId)}>
        <Avatar src={person.avatar} name={person.userName} size={48} alt="" />
        <span>
          <strong>{person.userName}</strong> <span className="muted">#{person.userId}</span>
        </span>
      </Link>
      {children}
    </section>
  );
}

/** The group's lines as the report page has them (newest first), the reported message marked. */
function GroupLines({ lines, reported }: { lines: GroupLine[]; reported: number | null }) {
  const { t } = useTranslation();
  if (lines.length === 0) return <p className="muted">{t('staff.reports.noGroupLines')}</p>;
  return (
    <ol className="staff-messages" data-testid="group-lines">
      {lines.map((line) => {
        const marked = line.kind === 'message' && line.id === reported;
        const thumb = line.type === 'img' && !line.recalled ? pictureOf(line.content) : null;
        return (
          <li
            key={`${line.kind}-${line.id}`}
            className={
              line.kind === 'system'
                ? 'staff-line-system'
                : marked
                  ? 'staff-line-reported'
                  : undefined
            }
            aria-current={marked ? 'true' : undefined}
          >
            <div className="staff-line-head">
              {line.kind === 'message' && <strong>{line.senderName ?? `#${line.senderId}`}</strong>}
              <time className="muted staff-small" dateTime={line.createdAt}>
                {when(line.createdAt)}
              </time>
              {marked && <span className="badge badge-danger">{t('staff.reports.reported')}</span>}
            </div>
            <p className={line.recalled ? 'staff-text muted' : 'staff-text'}>
              {groupLineText(t, line)}
            </p>
            {thumb && (
              <a className="staff-shots" href={thumb.full} target="_blank" rel="noreferrer">
                <img src={thumb.small} alt={t('staff.reports.line.picture')} />
              </a>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** A picture message's signed addresses (its thumbnail, and the picture). */
function pictureOf(
  content: Record<string, unknown> | null,
): { small: string; full: string } | null {
  const full = typeof content?.url === 'string' ? content.url : '';
  const small = typeof content?.thumb === 'string' ? content.thumb : full;
  return small ? { small, full: full || small } : null;
}
