// The people lists (favourites, winks, footprints, matches, contacts, blocked), page by page.
import { type QueryClient, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ApiPath, api } from '../../../lib/api';
import { type BadgeField, clearBadge } from './counters';
import { peopleKeys } from './keys';
import { rememberLikes } from './like';
import { nextPageParam } from './paging';
import type { Card, Page, PeopleListKind } from './types';

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
 */
export function getPeoplePage(kind: PeopleListKind, pageNum: number, signal?: AbortSignal) {
  return api.get(PATHS[kind], {
    query: { pageNum, pageSize: LIST_PAGE_SIZE },
    quietUpgrade: MEMBER_LISTS.includes(kind),
    signal,
  });
}

function learnFrom(client: QueryClient, kind: PeopleListKind, page: Page<Card>, pageNum: number) {
  const badge = BADGES[kind];
  if (badge && pageNum === 1) clearBadge(client, badge);
  rememberLikes(client, page.rows, kind === 'mutual' ? true : undefined);
}

export const peopleListQueryOptions = (kind: PeopleListKind) =>
  infiniteQueryOptions({
    queryKey: peopleKeys.list(kind),
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await getPeoplePage(kind, pageParam, signal);
      learnFrom(client, kind, page, pageParam);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: 30_000,
  });

export function usePeopleList(kind: PeopleListKind) {
  return useInfiniteQuery(peopleListQueryOptions(kind));
}
