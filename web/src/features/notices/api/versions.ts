// The released versions (GET /system/table/software/list), newest first, for every platform.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { noticesKeys } from './keys';
import type { SoftwareVersion } from './types';

/** Every released version; silent: the update check must never bother anyone with a toast. */
export function getVersions(): Promise<SoftwareVersion[]> {
  return api.get('/system/table/software/list', { silent: true, handleUnauthorized: false });
}

export const versionsQueryOptions = () =>
  queryOptions({
    queryKey: noticesKeys.versions(),
    queryFn: getVersions,
    staleTime: 5 * 60_000,
  });

export function useVersions() {
  return useQuery(versionsQueryOptions());
}
