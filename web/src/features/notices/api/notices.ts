// The announcements (GET /system/notice/list), newest first, page by page.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { currentAbbr } from '../../../i18n';
import { api } from '../../../lib/api';
import { noticesKeys } from './keys';
import type { Notice, Page } from './types';

export const NOTICE_PAGE_SIZE = 10;

/** One page of announcements, in the interface language where staff wrote one. */
export function getNotices(pageNum: number, signal?: AbortSignal): Promise<Page<Notice>> {
  return api.get('/system/notice/list', {
    query: { pageNum, pageSize: NOTICE_PAGE_SIZE },
    signal,
  });
}

/** The next pageNum while fewer rows than `total` have arrived; none after an empty page. */
export function nextNoticePage(
  last: Page<Notice>,
  pages: readonly Page<Notice>[],
  lastPageNum: number,
): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
  return last.rows.length > 0 && loaded < last.total ? lastPageNum + 1 : undefined;
}

export const noticesQueryOptions = (language: string) =>
  infiniteQueryOptions({
    queryKey: noticesKeys.list(language),
    queryFn: ({ pageParam, signal }) => getNotices(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextNoticePage,
    staleTime: 60_000,
  });

export function useNotices() {
  return useInfiniteQuery(noticesQueryOptions(currentAbbr()));
}
