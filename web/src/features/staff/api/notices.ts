// Announcements and personal notices as staff write them (GET/POST/DELETE /admin/notices).
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { STAFF_PAGE_SIZE, nextPage } from './paging';
import { staffKeys } from './keys';
import type { NewNotice, NoticeText } from './types';

export function getStaffNotices(pageNum: number, signal?: AbortSignal) {
  return api.get('/admin/notices', {
    query: { pageNum, pageSize: STAFF_PAGE_SIZE },
    signal,
  });
}

export function useStaffNotices() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: staffKeys.notices(),
      queryFn: ({ pageParam, signal }) => getStaffNotices(pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  );
}

export function publishNotice(notice: NewNotice) {
  return api.post('/admin/notices', { body: notice });
}

/** Adds or replaces one language's text of a notice. */
export function putNoticeText(id: number, text: NoticeText) {
  return api.post('/admin/notices/{id}/texts', { path: { id }, body: text });
}

export function deleteNotice(id: number) {
  return api.delete('/admin/notices/{id}', { path: { id } });
}

function useNoticeMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: staffKeys.notices() });
      // The bulletin of this browser shows the change too.
      void client.invalidateQueries({ queryKey: ['notices'] });
    },
  });
}

export const usePublishNotice = () => useNoticeMutation(publishNotice);
export const useNoticeText = () =>
  useNoticeMutation(({ id, ...text }: NoticeText & { id: number }) => putNoticeText(id, text));
export const useDeleteNotice = () => useNoticeMutation(deleteNotice);
