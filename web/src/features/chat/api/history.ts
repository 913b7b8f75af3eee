// A conversation's history (GET /system/content/list), newest first, page by page.
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { chatKeys } from './keys';
import type { Message, Page } from './types';

export const HISTORY_PAGE_SIZE = 20;

/** GET /system/content/list: the conversation with one person, newest first, older than beforeId. */
export function getHistory(peer: number, beforeId?: number): Promise<Page<Message>> {
  return api.get('/system/content/list', {
    query: { userId: peer, pageNum: 1, pageSize: HISTORY_PAGE_SIZE, beforeId },
  });
}

export type HistoryData = InfiniteData<Page<Message>, number | undefined>;

export const historyQueryOptions = (peer: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.history(peer),
    queryFn: ({ pageParam }) => getHistory(peer, pageParam),
    initialPageParam: undefined as number | undefined,
    // Older pages page by the oldest id loaded, so messages arriving meanwhile shift nothing.
    getNextPageParam: (last) =>
      last.rows.length < HISTORY_PAGE_SIZE ? undefined : last.rows[last.rows.length - 1]?.id,
    // The socket keeps a loaded conversation current.
    staleTime: 5 * 60_000,
  });

export function useHistory(peer: number) {
  return useInfiniteQuery(historyQueryOptions(peer));
}

/**
 * Reads a loaded conversation again from the server when the chat opens and `when` holds: the
 * server adds to its messages what the socket does not carry (translations made on arrival,
 * while this chat was closed).
 */
export function useHistoryReadAgain(peer: number, when: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (when && peer) void queryClient.invalidateQueries({ queryKey: chatKeys.history(peer) });
  }, [peer, when, queryClient]);
}

/** GET /system/content/list?groupId=: a group's messages and system lines, newest first. */
export function getGroupHistory(groupId: number, beforeId?: number): Promise<Page<Message>> {
  return api.get('/system/content/list', {
    query: { groupId, pageNum: 1, pageSize: HISTORY_PAGE_SIZE, beforeId },
  });
}

export const groupHistoryQueryOptions = (groupId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.groupHistory(groupId),
    queryFn: ({ pageParam }) => getGroupHistory(groupId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: Page<Message>) =>
      last.rows.length < HISTORY_PAGE_SIZE ? undefined : last.rows[last.rows.length - 1]?.id,
    // The socket brings new lines; how many have read mine ("Read by") only the list tells.
    staleTime: 0,
    refetchInterval: GROUP_READ_BY_MS,
  });

/** How often an open group chat asks again how many have read my messages. */
export const GROUP_READ_BY_MS = 20_000;

export function useGroupHistory(groupId: number) {
  return useInfiniteQuery(groupHistoryQueryOptions(groupId));
}
