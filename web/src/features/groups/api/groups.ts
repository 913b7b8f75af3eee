// My groups (GET /em/groups), one group (GET /em/groups/{id}) and making one (POST /em/groups).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';
import { type Group, type GroupSummary, groupOf, roleOf } from './types';

/** GET /em/groups: my groups, newest activity first. */
export async function getGroups(): Promise<{ rows: GroupSummary[] }> {
  const { rows } = await api.get('/em/groups', { silent: true });
  return { rows: rows.map((g) => ({ ...g, myRole: roleOf(g.myRole) ?? 2 })) };
}

// Asked again whenever the list shows: the socket is followed only while it is on screen.
export const groupsQueryOptions = () =>
  queryOptions({ queryKey: groupKeys.list(), queryFn: getGroups, staleTime: 0 });

export function useGroups() {
  return useQuery(groupsQueryOptions());
}

/** GET /em/groups/{id}: the group and its members (for someone who left: as they last saw it). */
export async function getGroup(id: number): Promise<Group> {
  return groupOf(await api.get('/em/groups/{id}', { path: { id } }));
}

export const groupQueryOptions = (id: number) =>
  queryOptions({
    queryKey: groupKeys.group(id),
    queryFn: () => getGroup(id),
    enabled: id > 0,
    retry: false,
  });

export function useGroup(id: number) {
  return useQuery(groupQueryOptions(id));
}

/** POST /em/groups: a group of the people chosen, with me as its owner. */
export async function createGroup(body: { name: string; userIds: number[] }): Promise<Group> {
  return groupOf(await api.post('/em/groups', { body }));
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.group(group.id), group);
      void queryClient.invalidateQueries({ queryKey: groupKeys.list() });
    },
  });
}
