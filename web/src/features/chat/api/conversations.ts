// My conversations (POST /system/content/getUnReadAll), page by page.
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { chatKeys } from './keys';
import type { Conversation, Page } from './types';

export const CONVERSATIONS_PAGE_SIZE = 20;

/** POST /system/content/getUnReadAll: my conversations, newest first, with unread counts. */
export function getConversations(pageNum: number): Promise<Page<Conversation>> {
  return api.post('/system/content/getUnReadAll', {
    query: { pageNum, pageSize: CONVERSATIONS_PAGE_SIZE },
  });
}

export type ConversationsData = InfiniteData<Page<Conversation>, number>;

export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.conversations(),
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastParam) =>
      pages.reduce((n, p) => n + p.rows.length, 0) < last.total ? lastParam + 1 : undefined,
    staleTime: 30_000,
  });

export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions());
}
