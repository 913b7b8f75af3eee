// Changing a group (docs/im-protocol.md, "Groups"): its name, its picture, its members and their roles, handing
// it over, leaving and dissolving it. Each answers the group as it is now (dissolving: nothing).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { components } from '../../../lib/api-schema';
import { groupKeys } from './keys';
import { type Group, groupOf } from './types';

export type GroupChange =
  | { kind: 'rename'; name: string }
  /** A picture as a `data:image/...;base64,` URL (the server keeps a thumbnail of it). */
  | { kind: 'picture'; avatar: string }
  | { kind: 'add'; userIds: number[] }
  | { kind: 'remove'; userId: number }
  | { kind: 'role'; userId: number; role: 1 | 2 }
  | { kind: 'handOver'; userId: number }
  | { kind: 'mute'; for: MuteFor }
  | { kind: 'dissolve' };

/** How long the group stays quiet for me: 8 hours, a week, always, or not any more. */
export type MuteFor = components['schemas']['MuteFor'];

/** The request that makes a change; the server's refusal `msg` is already in my language. */
export async function changeGroup(id: number, change: GroupChange): Promise<Group | null> {
  const path = { id };
  switch (change.kind) {
    case 'rename':
      return groupOf(await api.put('/em/groups/{id}', { path, body: { name: change.name } }));
    case 'picture':
      return groupOf(await api.put('/em/groups/{id}', { path, body: { avatar: change.avatar } }));
    case 'add':
      return groupOf(
        await api.post('/em/groups/{id}/members', { path, body: { userIds: change.userIds } }),
      );
    case 'remove':
      return groupOf(
        await api.delete('/em/groups/{id}/members/{userId}', {
          path: { id, userId: change.userId },
        }),
      );
    case 'role':
      return groupOf(
        await api.put('/em/groups/{id}/members/{userId}', {
          path: { id, userId: change.userId },
          body: { role: change.role },
        }),
      );
    case 'handOver':
      return groupOf(
        await api.post('/em/groups/{id}/transfer', { path, body: { userId: change.userId } }),
      );
    case 'mute':
      return groupOf(await api.put('/em/groups/{id}/mute', { path, body: { for: change.for } }));
    case 'dissolve':
      await api.delete('/em/groups/{id}', { path });
      return null;
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
