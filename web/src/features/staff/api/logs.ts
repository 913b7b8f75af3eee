// What the console reads and never changes: the client error reports (GET /admin/errors) and
// the audit log of every staff action (GET /admin/audit), newest first, page by page.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { STAFF_PAGE_SIZE, nextPage } from './paging';
import { staffKeys } from './keys';
import type { AuditFilter } from './types';

export function getClientErrors(pageNum: number, signal?: AbortSignal) {
  return api.get('/admin/errors', {
    query: { pageNum, pageSize: STAFF_PAGE_SIZE },
    signal,
  });
}

export function useClientErrors() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: staffKeys.errors(),
      queryFn: ({ pageParam, signal }) => getClientErrors(pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  );
}

export function getAudit(filter: AuditFilter, pageNum: number, signal?: AbortSignal) {
  return api.get('/admin/audit', {
    query: { ...filter, pageNum, pageSize: STAFF_PAGE_SIZE },
    signal,
  });
}

export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: staffKeys.audit(filter),
      queryFn: ({ pageParam, signal }) => getAudit(filter, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  );
}
