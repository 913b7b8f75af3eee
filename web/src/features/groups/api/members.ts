// Changing a group (docs/im-protocol.md, "Groups"): its name, its members and their roles, handing
// it over, leaving and dissolving it. Each answers the group as it is now (dissolving: nothing).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { groupKeys } from './keys';
import type { Group } from './types';

export type GroupChange =
  | { kind: 'rename'; name: string }
  | { kind: 'add'; userIds: number[] }
  | { kind: 'remove'; userId: number }
  | { kind: 'role'; userId: number; role: 1 | 2 }
  | { kind: 'handOver'; userId: number }
  | { kind: 'dissolve' };

/** The request that makes a change; the server's refusal `msg` is already in my language. */
export function changeGroup(id: number, change: GroupChange): Promise<Group | null> {
  const at = `/em/groups/${id}`;
  switch (change.kind) {
    case 'rename':
      return request({ url: at, method: 'PUT', data: { name: change.name } });
    case 'add':
      return request({ url: `${at}/members`, method: 'POST', data: { userIds: change.userIds } });
    case 'remove':
      return request({ url: `${at}/members/${change.userId}`, method: 'DELETE' });
    case 'role':
      return request({
        url: `${at}/members/${change.userId}`,
        method: 'PUT',
        data: { role: change.role },
      });
    case 'handOver':
      return request({ url: `${at}/transfer`, method: 'POST', data: { userId: change.userId } });
    case 'dissolve':
      return request({ url: at, method: 'DELETE' });
  }
}

export function useChangeGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: GroupChange) => changeGroup(id, change),
    onSuccess: (group) => {
      if (group) queryClient.setQueryData(groupKeys.group(id), group);
      else void queryClient.invalidateQueries({ queryKey: groupKeys.group(id) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.list() });
    },
  });
}
