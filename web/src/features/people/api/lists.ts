// The people lists (favourites, winks, footprints, matches, contacts, blocked), page by page.
import { type QueryClient, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ApiPath, api } from '../../../lib/api';
import { type BadgeField, clearBadge } from './counters';
import { peopleKeys } from './keys';
import { rememberLikes } from './like';
import { FIRST_PAGE, type PageToken, nextPageToken } from './paging';
import type { PeopleListKind, PeoplePage } from './types';

export const LIST_PAGE_SIZE = 20;

const PATHS = {
  likeTo: '/system/like/likeTo',
  likeMe: '/system/like/likeMe',
  visitor: '/system/like/visitor',
  mutual: '/system/like/likeMeAndLikeTo',
  contacts: '/em/friends/list',
  blocked: '/system/blacklisted/list',
} as const satisfies Record<PeopleListKind, ApiPath<'get'>>;

/** The lists whose red badge the server clears when they are opened. */
const BADGES: Partial<Record<PeopleListKind, BadgeField>> = {
  likeTo: 'LikeTo',
  likeMe: 'LikeMe',
  visitor: 'Visitor',
};

/** Wink Me and Love's Footprints answer non-members 403 `upgrade`. */
export const MEMBER_LISTS: readonly PeopleListKind[] = ['likeMe', 'visitor'];

/**
 * One page of a people list: My Favourite (likeTo), Wink Me (likeMe), Love's Footprints
 * (visitor), matches, contacts or blocked people. `at` on each card is when it happened.
 * Pages after the first continue after the last row shown by `pageToken`.
 */
export function getPeoplePage(kind: PeopleListKind, pageToken: PageToken, signal?: AbortSignal) {
  return api.get(PATHS[kind], {
    query: { pageToken, pageSize: LIST_PAGE_SIZE },
    quietUpgrade: MEMBER_LISTS.includes(kind),
    signal,
  });
}

function learnFrom(client: QueryClient, kind: PeopleListKind, page: PeoplePage, first: boolean) {
  const badge = BADGES[kind];
  // The server clears the badge when the list is opened (its first page), not as it scrolls.
  if (badge && first) clearBadge(client, badge);
  rememberLikes(client, page.rows, kind === 'mutual' ? true : undefined);
}

export const peopleListQueryOptions = (kind: PeopleListKind) =>
  infiniteQueryOptions({
    queryKey: peopleKeys.list(kind),
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await getPeoplePage(kind, pageParam, signal);
      learnFrom(client, kind, page, pageParam === FIRST_PAGE);
      return page;
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageToken,
    staleTime: 30_000,
  });

export function usePeopleList(kind: PeopleListKind) {
  return useInfiniteQuery(peopleListQueryOptions(kind));
}
