// The gift catalogue and the gifts a person received.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { walletKeys } from './keys';

/** GET /system/gift/list: the gift catalogue, prices in coins before any member discount. */
export function getGifts() {
  return api.get('/system/gift/list');
}

export const giftsQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.gifts(),
    queryFn: getGifts,
    staleTime: 10 * 60_000,
  });

export function useGifts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...giftsQueryOptions(), enabled: options.enabled ?? true });
}

/** GET /system/gift/received?userId=: the gifts a person received, with how many of each. */
export function getReceivedGifts(userId?: number) {
  return api.get('/system/gift/received', { query: { userId }, silent: true });
}

export const receivedGiftsQueryOptions = (userId?: number) =>
  queryOptions({
    queryKey: walletKeys.received(userId ?? 'me'),
    queryFn: () => getReceivedGifts(userId),
  });

export function useReceivedGifts(userId?: number) {
  return useQuery(receivedGiftsQueryOptions(userId));
}
