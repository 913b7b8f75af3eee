// One report as staff decide it: who reported whom, why, their screenshots, what the reported
// person wrote to the reporter lately, earlier reports against them, and the three decisions.
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
import type { Report, ReportAction, ReportDetail, ReportPerson } from '../api/types';
import { BanDialog } from './BanDialog';
import { ActionBadge, HeldBadge, ReportStatusBadge, StatusBadge } from './badges';
import { messageText, reasonLabel, when } from './display';

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

  const decide = (action: ReportAction, extra: { reason?: string; days?: number } = {}) =>
    close.mutate(
      { id: report.id, action, ...extra },
      {
        onSuccess: (closed) => {
          setAsking(null);
          showToast(t(`staff.reports.done.${action}`, { name: target.userName }), 'success');
          onClosed(closed);
        },
      },
    );

  return (
    <div className="staff-detail">
      <div className="staff-columns">
        <PersonCard title={t('staff.reports.target')} person={target}>
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
          <ActionBadge action={report.action} />
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
              {t('staff.reports.remove')}
            </Button>
          </div>
          <p className="muted staff-small">{t('staff.reports.decideHint')}</p>
        </section>
      ) : (
        <p className="staff-closed" role="status">
          {t('staff.reports.closedOn', { time: when(report.closedAt) })}{' '}
          <ActionBadge action={report.action} />
        </p>
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
        title={t('staff.reports.removeTitle', { name: target.userName })}
        message={t('staff.reports.removeBody')}
        confirmLabel={t('staff.reports.remove')}
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
