import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { peopleKeys } from './keys';
import type { OnlineStatus } from './types';

/** GET /system/user/checkOnlineStatusInLast/{id}: online now, or when last active. */
export function getOnlineStatus(userId: number) {
  return request<OnlineStatus>({
    url: `/system/user/checkOnlineStatusInLast/${userId}`,
    silent: true,
  });
}

export const onlineStatusQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: peopleKeys.online(userId),
    queryFn: () => getOnlineStatus(userId),
    refetchInterval: 60_000,
  });

/** Keeps an open profile's online state current while it is on screen. */
export function useOnlineStatus(userId: number, enabled = true) {
  return useQuery({ ...onlineStatusQueryOptions(userId), enabled });
}
