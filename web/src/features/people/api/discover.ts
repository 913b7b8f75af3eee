// Discover (GET /system/user/profile/homePage/all): people to meet, filtered, page by page.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type DiscoverFilters, filterParams } from '../filters';
import { peopleKeys } from './keys';
import { rememberLikes } from './like';
import { FIRST_PAGE, type PageToken, nextPageToken } from './paging';

export const DISCOVER_PAGE_SIZE = 20;

/**
 * GET /system/user/profile/homePage/all: people to discover, recently active first. A non-member
 * past the daily allowance gets 403 `upgrade`, which the page shows as an 'Upgrade now' card.
 * Pages after the first continue the same list by `pageToken`.
 */
export function getDiscoverPage(
  filters: DiscoverFilters,
  pageToken: PageToken,
  signal?: AbortSignal,
) {
  return api.get('/system/user/profile/homePage/all', {
    query: { ...filterParams(filters), pageToken, pageSize: DISCOVER_PAGE_SIZE },
    quietUpgrade: true,
    signal,
  });
}

export const discoverQueryOptions = (filters: DiscoverFilters) =>
  infiniteQueryOptions({
    queryKey: peopleKeys.discoverWith(filters),
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await getDiscoverPage(filters, pageParam, signal);
      rememberLikes(client, page.rows);
      return page;
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageToken,
    // New people count against a non-member's daily allowance (people seen again are free):
    // refresh on request only.
    staleTime: 5 * 60_000,
  });

export function useDiscover(filters: DiscoverFilters) {
  return useInfiniteQuery(discoverQueryOptions(filters));
}
