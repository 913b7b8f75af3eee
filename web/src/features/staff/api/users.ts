// People as staff see them: search (GET /admin/users), one person with their reports and
// history, and ban / unban.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { STAFF_PAGE_SIZE, nextPage } from './paging';
import { staffKeys } from './keys';
import type { BanInput, StaffUser } from './types';

/** By id (all digits), email, or the start of a user name. */
export function searchUsers(q: string, pageNum: number, signal?: AbortSignal) {
  return api.get('/admin/users', {
    query: { q, pageNum, pageSize: STAFF_PAGE_SIZE },
    signal,
  });
}

export function useUserSearch(q: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: staffKeys.userSearch(q),
      queryFn: ({ pageParam, signal }) => searchUsers(q, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  );
}

export function getStaffUser(id: number, signal?: AbortSignal) {
  return api.get('/admin/users/{id}', { path: { id }, signal, silent: true });
}

export function useStaffUser(id: number) {
  return useQuery(
    queryOptions({
      queryKey: staffKeys.user(id),
      queryFn: ({ signal }) => getStaffUser(id, signal),
      retry: false,
    }),
  );
}

export function banUser(id: number, input: BanInput) {
  return api.post('/admin/users/{id}/ban', { path: { id }, body: input });
}

export function unbanUser(id: number) {
  return api.post('/admin/users/{id}/unban', { path: { id } });
}

function useRefreshPerson() {
  const client = useQueryClient();
  return (user: StaffUser) => {
    void client.invalidateQueries({ queryKey: staffKeys.user(user.userId) });
    void client.invalidateQueries({ queryKey: staffKeys.users() });
    void client.invalidateQueries({ queryKey: staffKeys.reports() });
  };
}

export function useBan() {
  const refresh = useRefreshPerson();
  return useMutation({
    mutationFn: ({ id, ...input }: BanInput & { id: number }) => banUser(id, input),
    onSuccess: refresh,
  });
}

export function useUnban() {
  const refresh = useRefreshPerson();
  return useMutation({ mutationFn: unbanUser, onSuccess: refresh });
}
