// The signed-in user (GET /getInfo): its query and the stored copy.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, api } from '../../../lib/api';
import { getStoredUser, storeUser } from '../saved-accounts';
import { accountKeys } from './keys';
import type { User } from './types';

/** GET /getInfo: the signed-in user; the copy is kept as USER_INFO. */
export async function getInfo(
  options: Pick<CallOptions, 'token' | 'handleUnauthorized' | 'silent'> = {},
): Promise<User> {
  const user = await api.get('/getInfo', options);
  storeUser(user);
  return user;
}

export const infoQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.info(),
    queryFn: () => getInfo(),
    initialData: () => getStoredUser() ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 30_000,
  });

export function useInfo() {
  return useQuery(infoQueryOptions());
}
