// The feed, newest first, page by page (cursor paging), and a person's latest few dynamics.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { feedKeys } from './keys';
import type { FeedPage } from './types';

export const FEED_PAGE_SIZE = 10;
/** A profile shows this many of the person's latest dynamics. */
export const LATEST_COUNT = 3;

/**
 * GET /system/dynamic/list?before=&pageSize=&userId=: one page of dynamics, newest first, older
 * than `before`; `userId` narrows it to one person. Opening everyone's feed at its start clears
 * the `dynamics` red badge on the server.
 */
export async function getFeedPage(
  userId: number | null,
  before: number | null,
  pageSize = FEED_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<FeedPage> {
  return api.get('/system/dynamic/list', {
    query: { userId: userId ?? undefined, before: before ?? undefined, pageSize },
    signal,
  });
}

export const feedQueryOptions = (userId: number | null) =>
  infiniteQueryOptions({
    queryKey: feedKeys.list(userId),
    queryFn: ({ pageParam, signal }) => getFeedPage(userId, pageParam, FEED_PAGE_SIZE, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last: FeedPage) => last.next ?? undefined,
    staleTime: 30_000,
  });

/** Everyone's feed (null) or one person's, page by page. */
export function useFeed(userId: number | null) {
  return useInfiniteQuery(feedQueryOptions(userId));
}

export const latestQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: feedKeys.latest(userId),
    queryFn: ({ signal }) => getFeedPage(userId, null, LATEST_COUNT, signal),
    staleTime: 30_000,
  });

/** A person's latest few dynamics, for their profile. */
export function useLatestDynamics(userId: number) {
  return useQuery(latestQueryOptions(userId));
}
