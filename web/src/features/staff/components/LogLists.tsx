// The console's read-only lists: client error reports, and the audit log with its filter.
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { SelectField, TextField } from '../../../components/Field';
import { InfiniteList } from '../../../components/InfiniteList';
import { ClockIcon } from '../../../components/icons';
import { staffUserHref } from '../../../lib/paths';
import { useAudit, useClientErrors } from '../api/logs';
import type { AuditFilter, ClientError } from '../api/types';
import { AuditRow } from './AuditList';
import { when } from './display';

export function ClientErrorList() {
  const { t } = useTranslation();
  const query = useClientErrors();
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <InfiniteList
      items={rows}
      getKey={(e) => e.id}
      className="staff-queue"
      hasMore={query.hasNextPage && !query.isError}
      loading={query.isPending || query.isFetchingNextPage}
      onLoadMore={loadMore}
      empty={
        <section className="center-view">
          <ClockIcon size={36} />
          <h2>{t('staff.errors.none')}</h2>
        </section>
      }
      renderItem={(e) => <ClientErrorRow report={e} />}
    />
  );
}

function ClientErrorRow({ report }: { report: ClientError }) {
  const { t } = useTranslation();
  return (
    <article className="card staff-item" data-testid="client-error">
      <p className="staff-error-message">{report.message}</p>
      <div className="muted staff-small staff-wrap">
        <time dateTime={report.createdAt}>{when(report.createdAt)}</time> · {report.url}
        {report.userId != null && (
          <>
            {' · '}
            <Link to={staffUserHref(report.userId)}>#{report.userId}</Link>
          </>
        )}
      </div>
      {report.userAgent && <div className="muted staff-small staff-wrap">{report.userAgent}</div>}
      {report.stack && (
        <details>
          <summary>{t('staff.errors.stack')}</summary>
          <pre className="staff-pre">{report.stack}</pre>
        </details>
      )}
    </article>
  );
}

export const TARGET_KINDS = [
  'report',
  'photo',
  'dynamic',
  'message',
  'user',
  'notice',
  'version',
  'product',
  'gift',
  'comment',
] as const;

export function AuditLog({
  filter,
  onFilter,
}: {
  filter: AuditFilter;
  onFilter: (filter: AuditFilter) => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState(filter.targetKind ?? '');
  const [id, setId] = useState(filter.targetId ?? '');
  const query = useAudit(filter);
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const targetId = id.trim();
    onFilter({
      ...(kind ? { targetKind: kind } : {}),
      ...(targetId ? { targetId } : {}),
    });
  };

  return (
    <>
      <form
        className="staff-search"
        onSubmit={submit}
        noValidate
        aria-label={t('staff.audit.filter')}
      >
        <SelectField
          label={t('staff.audit.targetKind')}
          options={[
            { value: '', label: t('staff.audit.anyKind') },
            ...TARGET_KINDS.map((k) => ({ value: k, label: k })),
          ]}
          value={kind}
          onChange={(e) => setKind(e.target.value)}
        />
        <TextField
          label={t('staff.audit.targetId')}
          optional
          value={id}
          onChange={(e) => setId(e.target.value)}
        />
        <Button type="submit">{t('staff.audit.apply')}</Button>
      </form>
      <InfiniteList
        items={rows}
        getKey={(e) => e.id}
        className="staff-audit-list card"
        hasMore={query.hasNextPage && !query.isError}
        loading={query.isPending || query.isFetchingNextPage}
        onLoadMore={loadMore}
        empty={
          <section className="center-view">
            <ClockIcon size={36} />
            <h2>{t('staff.audit.none')}</h2>
          </section>
        }
        renderItem={(entry) => <AuditRow entry={entry} />}
      />
    </>
  );
}
