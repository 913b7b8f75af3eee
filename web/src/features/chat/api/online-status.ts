import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { chatKeys } from './keys';
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
    queryKey: chatKeys.online(userId),
    queryFn: () => getOnlineStatus(userId),
    refetchInterval: 60_000,
  });

/** The chat partner's online dot, kept current while the chat is open. */
export function useOnlineStatus(userId: number) {
  return useQuery(onlineStatusQueryOptions(userId));
}
