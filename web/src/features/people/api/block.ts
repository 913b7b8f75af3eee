// Blocking and unblocking people.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { removePerson } from './cache';
import { peopleKeys } from './keys';

/** POST /system/blacklisted/add {userId}: we no longer see each other anywhere. */
export function blockPerson(userId: number) {
  return api.post('/system/blacklisted/add', { body: { userId } });
}

/** DELETE /system/blacklisted/remove?ids=1,2. */
export function unblockPeople(userIds: readonly number[]) {
  return api.delete('/system/blacklisted/remove', { query: { ids: userIds.join(',') } });
}

export function useBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: blockPerson,
    onSuccess: (_data, userId) => {
      removePerson(client, userId);
      void client.invalidateQueries({ queryKey: peopleKeys.lists() });
      void client.invalidateQueries({ queryKey: peopleKeys.counters() });
    },
  });
}

export function useUnblock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => unblockPeople([userId]),
    onSuccess: (_data, userId) => {
      removePerson(client, userId);
      void client.invalidateQueries({ queryKey: peopleKeys.list('blocked') });
      // They may appear in discover again: the next visit asks the server.
      void client.invalidateQueries({ queryKey: peopleKeys.discover(), refetchType: 'none' });
    },
  });
}
