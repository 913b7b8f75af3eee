// The reports queue: open reports oldest first (closed ones newest first on their own tab),
// each with who reported whom and why (and the group, for a report made in one); d dismisses the
// focused one, Enter opens it.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { InfiniteList } from '../../../components/InfiniteList';
import { FlagIcon } from '../../../components/icons';
import { formatCounted, formatNumber } from '../../../i18n/format';
import { COUNTED } from '../api/paging';
import { staffReportHref } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useCloseReport, useReports } from '../api/reports';
import type { Report, ReportStatus } from '../api/types';
import { ActionBadge, HeldBadge, StatusBadge } from './badges';
import { reasonLabel, reportSubject, when } from './display';
import { Kbd, KeyHint } from './StaffPage';
import { useQueue } from './use-queue';

export function ReportQueue({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  const query = useReports(status);
  const close = useCloseReport();
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const reports = query.data?.pages.flatMap((p) => p.rows) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const open = status === 'open';

  const dismiss = (report: Report) => {
    queue.deciding(String(report.id));
    close.mutate(
      { id: report.id, action: 'dismiss' },
      {
        onSuccess: () => showToast(t('staff.reports.dismissed'), 'success'),
        onError: queue.failed,
      },
    );
  };
  const queue = useQueue({
    keys: reports.map((r) => String(r.id)),
    onLetter: (letter, key) => {
      const report = reports.find((r) => String(r.id) === key);
      if (open && letter === 'd' && report) dismiss(report);
    },
  });

  return (
    <div {...queue.rootProps}>
      {open && (
        <KeyHint>
          {t('staff.keys.title')} <Kbd>j</Kbd> <Kbd>k</Kbd> {t('staff.keys.move')} · <Kbd>d</Kbd>{' '}
          {t('staff.keys.dismiss')} · <Kbd>Enter</Kbd> {t('staff.keys.open')}
        </KeyHint>
      )}
      <p className="muted staff-count" aria-live="polite">
        {t(open ? 'staff.reports.openCount' : 'staff.reports.closedCount', {
          count: total,
          n: formatCounted(total, COUNTED),
        })}
      </p>
      <InfiniteList
        items={reports}
        getKey={(r) => r.id}
        className="staff-queue"
        hasMore={query.hasNextPage && !query.isError}
        loading={query.isPending || query.isFetchingNextPage}
        onLoadMore={loadMore}
        empty={
          <section className="center-view" tabIndex={-1} data-queue-empty>
            <FlagIcon size={36} />
            <h2>{open ? t('staff.reports.emptyTitle') : t('staff.reports.noneClosed')}</h2>
            {open && <p>{t('staff.reports.emptyBody')}</p>}
          </section>
        }
        renderItem={(report) => (
          <ReportRow
            report={report}
            itemProps={queue.itemProps(String(report.id))}
            busy={close.isPending && close.variables.id === report.id}
            onDismiss={open ? () => dismiss(report) : undefined}
          />
        )}
      />
    </div>
  );
}

function ReportRow({
  report,
  itemProps,
  busy,
  onDismiss,
}: {
  report: Report;
  itemProps: ReturnType<ReturnType<typeof useQueue>['itemProps']>;
  busy: boolean;
  onDismiss?: () => void;
}) {
  const { t } = useTranslation();
  const { target, reporter } = report;
  const subject = reportSubject(report);
  return (
    <article
      className="card staff-item"
      aria-label={t('staff.reports.itemLabel', { name: target.userName })}
      data-testid="report-item"
      {...itemProps}
    >
      <div className="staff-item-head">
        <Avatar src={target.avatar} name={target.userName} size={40} alt="" />
        <div className="grow">
          <div className="staff-item-title">
            <strong>{target.userName}</strong> <span className="muted">#{target.userId}</span>
          </div>
          <div className="muted staff-small">
            {t('staff.reports.by', { name: reporter.userName })} · {when(report.createdAt)}
          </div>
        </div>
      </div>
      <div className="staff-badges">
        <span className="badge badge-accent">{reasonLabel(t, report.reason)}</span>
        {report.group && (
          <span className="badge" data-testid="report-group">
            {t(subject === 'message' ? 'staff.reports.messageInGroup' : 'staff.reports.group', {
              name: report.group.name,
            })}
          </span>
        )}
        {target.status !== 'active' && <StatusBadge status={target.status} />}
        {target.held && <HeldBadge />}
        {report.targetReports > 1 && (
          <span className="badge">
            {t('staff.reports.against', {
              count: report.targetReports,
              n: formatNumber(report.targetReports),
            })}
          </span>
        )}
        <ActionBadge action={report.action} subject={subject} />
      </div>
      {report.content && <p className="staff-text clamp">{report.content}</p>}
      <div className="staff-actions">
        <Link className="btn btn-primary btn-small" to={staffReportHref(report.id)}>
          {t('staff.reports.open')}
        </Link>
        {onDismiss && (
          <Button variant="outline" small loading={busy} onClick={onDismiss}>
            {t('staff.reports.dismiss')}
          </Button>
        )}
      </div>
    </article>
  );
}
