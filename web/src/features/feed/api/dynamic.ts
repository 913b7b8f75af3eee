// One dynamic, and what its owner or anyone may do to it: like, edit, delete, flag.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentYear, flippedLike } from '../rules';
import { patchDynamic, removeDynamics, storeDynamic } from './cache';
import { feedKeys } from './keys';
import type { Dynamic, FlagReason } from './types';

/** GET /system/dynamic/selectedNews/{id}: one dynamic; 404 once deleted, hidden or blocked. */
export async function getDynamic(id: number, signal?: AbortSignal): Promise<Dynamic> {
  // The page says itself that a dynamic is gone: no toast for it.
  return api.get('/system/dynamic/selectedNews/{id}', { path: { id }, silent: true, signal });
}

export const dynamicQueryOptions = (id: number) =>
  queryOptions({
    queryKey: feedKeys.dynamic(id),
    queryFn: async ({ signal, client }) => {
      const dynamic = await getDynamic(id, signal);
      // The feeds show the counts the detail has just read.
      storeDynamic(client, dynamic);
      return dynamic;
    },
    retry: false,
  });

export function useDynamic(id: number | null) {
  return useQuery({ ...dynamicQueryOptions(id ?? 0), enabled: id !== null });
}

/** GET /system/dynamic/like?id=: toggles my like; answers {liked, likes}. */
export function toggleDynamicLike(id: number) {
  return api.get('/system/dynamic/like', { query: { id } });
}

/** The count the server answers with my like ({liked, likes}). */
function likesOf(state: object): number | undefined {
  return 'likes' in state && typeof state.likes === 'number' ? state.likes : undefined;
}

/** The heart: flips at once, then shows what the server says (or flips back on failure). */
export function useToggleDynamicLike() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (dynamic: Dynamic) => toggleDynamicLike(dynamic.id),
    onMutate: (dynamic) => {
      const before = { liked: dynamic.liked, likes: dynamic.likes };
      patchDynamic(client, dynamic.id, (d) => ({ ...d, ...flippedLike(before) }));
      return { before };
    },
    onError: (_err, dynamic, context) => {
      if (context) patchDynamic(client, dynamic.id, (d) => ({ ...d, ...context.before }));
    },
    onSuccess: (state, dynamic) => {
      patchDynamic(client, dynamic.id, (d) => ({
        ...d,
        liked: state.liked,
        likes: likesOf(state) ?? d.likes,
      }));
    },
  });
}

/** PUT /system/dynamic?year=: my new text for my dynamic; answers the edited dynamic. */
export function editDynamic(id: number, content: string): Promise<Dynamic> {
  return api.put('/system/dynamic', { query: { year: currentYear() }, body: { id, content } });
}

export function useEditDynamic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) => editDynamic(id, content),
    onSuccess: (dynamic) => storeDynamic(client, dynamic),
  });
}

/** DELETE /system/dynamic?ids=: removes my dynamics with their comments, likes and photos. */
export function deleteDynamics(ids: readonly number[]) {
  return api.delete('/system/dynamic', { form: true, body: { ids: ids.join(',') } });
}

export function useDeleteDynamic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteDynamics([id]),
    onSuccess: (_data, id) => {
      removeDynamics(client, (d) => d.id === id);
      client.removeQueries({ queryKey: feedKeys.dynamic(id) });
      client.removeQueries({ queryKey: feedKeys.comments(id) });
    },
  });
}

/** PUT /system/dynamic/sign?year=: flags someone's dynamic for the moderators, once. */
export function flagDynamic(id: number, reason: FlagReason) {
  return api.put('/system/dynamic/sign', { query: { year: currentYear() }, body: { id, reason } });
}

/** A dynamic I flagged leaves my lists at once (the server no longer lists it to me). */
export function useFlagDynamic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: FlagReason }) => flagDynamic(id, reason),
    onSuccess: (_data, { id }) => removeDynamics(client, (d) => d.id === id),
  });
}

/** POST /system/blacklisted/add {userId}: we no longer see each other, nor each other's posts. */
export function blockAuthor(userId: number) {
  return api.post('/system/blacklisted/add', { body: { userId } });
}

export function useBlockAuthor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: blockAuthor,
    onSuccess: (_data, userId) => {
      removeDynamics(client, (d) => d.userId === userId);
      void client.invalidateQueries({ queryKey: feedKeys.all });
    },
  });
}
