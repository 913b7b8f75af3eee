// A person's online state, as the profile and the chat show it: the one query for it (kept
// current while on screen) and the words for how recently they were active (the server never
// tells the exact time).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TranslationKey } from '../i18n';
import type { components } from './api-schema';
import { api } from './api';

export type OnlineStatus = components['schemas']['OnlineStatus'];
export type Activity = OnlineStatus['active'];

export const onlineStatusKey = (userId: number) => ['online-status', userId] as const;

/** GET /system/user/checkOnlineStatusInLast/{id}: online now, or when last active. */
export function getOnlineStatus(userId: number) {
  return api.get('/system/user/checkOnlineStatusInLast/{id}', {
    path: { id: userId },
    silent: true,
  });
}

export const onlineStatusQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: onlineStatusKey(userId),
    queryFn: () => getOnlineStatus(userId),
    refetchInterval: 60_000,
  });

export function useOnlineStatus(userId: number, enabled = true) {
  return useQuery({ ...onlineStatusQueryOptions(userId), enabled });
}

/** The i18n key saying how recently someone was active. */
export const ACTIVITY_LABEL: Record<Activity, TranslationKey> = {
  online: 'people.onlineNow',
  recently: 'people.activeRecently',
  thisWeek: 'people.activeThisWeek',
  earlier: 'people.activeEarlier',
};
