// The reports of people (GET /admin/reports, oldest open first), one report with what surrounds
// it, and closing one: dismiss, ban the reported person, or remove their public content.
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { STAFF_PAGE_SIZE, nextPage } from './paging';
import { staffKeys } from './keys';
import type { CloseReport, Page, Report, ReportStatus } from './types';

export function getReports(status: ReportStatus, pageNum: number, signal?: AbortSignal) {
  return api.get('/admin/reports', {
    query: { status, pageNum, pageSize: STAFF_PAGE_SIZE },
    signal,
  });
}

export const reportsQueryOptions = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: staffKeys.reportList(status),
    queryFn: ({ pageParam, signal }) => getReports(status, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export function useReports(status: ReportStatus) {
  return useInfiniteQuery(reportsQueryOptions(status));
}

/** GET /admin/reports/{id}: the report with the target's messages and earlier reports. */
export function getReport(id: number, signal?: AbortSignal) {
  // The page says itself that a report does not exist: no toast for it.
  return api.get('/admin/reports/{id}', { path: { id }, signal, silent: true });
}

export function useReport(id: number) {
  return useQuery(
    queryOptions({
      queryKey: staffKeys.report(id),
      queryFn: ({ signal }) => getReport(id, signal),
      retry: false,
    }),
  );
}

/** POST /admin/reports/{id}/close: answers the closed report. */
export function closeReport(id: number, input: CloseReport) {
  return api.post('/admin/reports/{id}/close', { path: { id }, body: input });
}

/**
 * The open queue without what a decision closed: a ban closes every open report against the
 * same person, the other actions this one report.
 */
export function withoutClosed(
  data: InfiniteData<Page<Report>> | undefined,
  closed: Report,
): InfiniteData<Page<Report>> | undefined {
  if (!data) return data;
  const gone = (r: Report) =>
    r.id === closed.id || (closed.action === 'ban' && r.target.userId === closed.target.userId);
  return {
    ...data,
    pages: data.pages.map((p) => {
      const rows = p.rows.filter((r) => !gone(r));
      return { rows, total: Math.max(0, p.total - (p.rows.length - rows.length)) };
    }),
  };
}

export function useCloseReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: CloseReport & { id: number }) => closeReport(id, input),
    onSuccess: (closed) => {
      client.setQueryData(
        staffKeys.reportList('open'),
        (data: InfiniteData<Page<Report>> | undefined) => withoutClosed(data, closed),
      );
      void client.invalidateQueries({ queryKey: staffKeys.reportList('closed') });
      void client.invalidateQueries({ queryKey: staffKeys.report(closed.id) });
      void client.invalidateQueries({ queryKey: staffKeys.user(closed.target.userId) });
    },
  });
}
