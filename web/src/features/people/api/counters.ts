// The red badges of the people lists (likes, winks, footprints) and clearing them.
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { StorageKey, getJSON, setJSON } from '../../../lib/storage';
import { peopleKeys } from './keys';
import type { Counters } from './types';

export type BadgeField = 'LikeTo' | 'LikeMe' | 'Visitor' | 'Dynamics';

/** The seed's listRed record: {LikeTo, LikeMe, Visitor, dynamics}. */
interface ListRed {
  LikeTo: number;
  LikeMe: number;
  Visitor: number;
  dynamics: number;
}

function storeListRed(counters: Counters): void {
  const listRed: ListRed = {
    LikeTo: counters.LikeTo,
    LikeMe: counters.LikeMe,
    Visitor: counters.Visitor,
    dynamics: counters.Dynamics,
  };
  setJSON(StorageKey.LIST_RED, listRed);
}

function storedCounters(): Counters | undefined {
  const red = getJSON<Partial<ListRed> | null>(StorageKey.LIST_RED, null);
  if (!red || typeof red !== 'object') return undefined;
  const n = (v: unknown) => (typeof v === 'number' && v >= 0 ? v : 0);
  return {
    LikeTo: n(red.LikeTo),
    LikeMe: n(red.LikeMe),
    Visitor: n(red.Visitor),
    Dynamics: n(red.dynamics),
  };
}

/** GET /system/user/profile/homePage/count: the red badges, kept as listRed too. */
export async function getCounters() {
  // A badge is background information: a failed poll is not worth a toast.
  const counters = await api.get('/system/user/profile/homePage/count', { silent: true });
  storeListRed(counters);
  return counters;
}

export const countersQueryOptions = () =>
  queryOptions({
    queryKey: peopleKeys.counters(),
    queryFn: getCounters,
    initialData: storedCounters,
    initialDataUpdatedAt: 0,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useCounters() {
  return useQuery(countersQueryOptions());
}

/** Opening a list clears its badge on the server; this does the same here without asking again. */
export function clearBadge(client: QueryClient, field: BadgeField): void {
  client.setQueryData<Counters>(peopleKeys.counters(), (counters) => {
    if (!counters || counters[field] === 0) return counters;
    const next = { ...counters, [field]: 0 };
    storeListRed(next);
    return next;
  });
}

/** The badge total of the Favorites entry: new favourites' matches, winks and visits. */
export function favouritesTotal(counters: Counters | undefined): number {
  return counters ? counters.LikeTo + counters.LikeMe + counters.Visitor : 0;
}
