// Query-key factory of the staff console: every key starts with ['staff'].
import type { AuditFilter, ReportStatus } from './types';

export const staffKeys = {
  all: ['staff'] as const,
  reports: () => [...staffKeys.all, 'reports'] as const,
  reportList: (status: ReportStatus) => [...staffKeys.reports(), 'list', status] as const,
  report: (id: number) => [...staffKeys.reports(), 'one', id] as const,
  review: () => [...staffKeys.all, 'review'] as const,
  users: () => [...staffKeys.all, 'users'] as const,
  userSearch: (q: string) => [...staffKeys.users(), 'search', q] as const,
  user: (id: number) => [...staffKeys.users(), 'one', id] as const,
  notices: () => [...staffKeys.all, 'notices'] as const,
  versions: () => [...staffKeys.all, 'versions'] as const,
  products: () => [...staffKeys.all, 'products'] as const,
  gifts: () => [...staffKeys.all, 'gifts'] as const,
  errors: () => [...staffKeys.all, 'errors'] as const,
  audit: (filter: AuditFilter) => [...staffKeys.all, 'audit', filter] as const,
};
