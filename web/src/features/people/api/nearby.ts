// People nearby: sharing my area (kept by the server only as a cell of about 5 km) and the
// people sharing theirs, nearest first, page by page.
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ApiError, isUpgradeError } from '../../../lib/request';
import { peopleKeys } from './keys';
import { FIRST_PAGE, type PageToken, nextPageToken } from './paging';
import type { Position } from '../geolocation';

export const NEARBY_PAGE_SIZE = 20;

/**
 * GET /system/user/profile/nearby: people who share their area, nearest first. Someone who
 * does not share theirs gets 403 without `upgrade` (see `asksToShareFirst`).
 */
export function getNearbyPage(pageToken: PageToken, signal?: AbortSignal) {
  return api.get('/system/user/profile/nearby', {
    query: { pageToken, pageSize: NEARBY_PAGE_SIZE },
    silent: true,
    signal,
  });
}

/** The server's answer to someone who does not share their area: share it first. */
export function asksToShareFirst(error: unknown): boolean {
  return error instanceof ApiError && error.code === 403 && !isUpgradeError(error);
}

export const nearbyQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: peopleKeys.nearby(),
    queryFn: ({ pageParam, signal }) => getNearbyPage(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageToken,
    staleTime: 30_000,
    retry: (failures, error) => !asksToShareFirst(error) && !isUpgradeError(error) && failures < 2,
  });

export function useNearby() {
  return useInfiniteQuery(nearbyQueryOptions());
}

/** PUT /system/user/profile/location: my position (kept as its area) or `off`. */
export function putArea(body: Position | { off: true }) {
  return api.put('/system/user/profile/location', { body });
}

/** Shares my area or stops sharing it; the nearby list starts again either way. */
export function useShareArea() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putArea,
    onSuccess: () => client.resetQueries({ queryKey: peopleKeys.nearby() }),
  });
}
