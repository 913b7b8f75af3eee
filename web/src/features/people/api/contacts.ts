// Adding people to my contacts and removing them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { peopleKeys } from './keys';
import type { Profile } from './types';

/** GET /em/addFriend/{id}: adds a person to my contacts. */
export function addContact(userId: number) {
  return api.get('/em/addFriend/{userId}', { path: { userId } });
}

/** GET /em/delFriend/{id}: removes a person from my contacts. */
export function removeContact(userId: number) {
  return api.get('/em/delFriend/{userId}', { path: { userId } });
}

function useContactMutation(mutationFn: (userId: number) => Promise<unknown>, contact: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, userId) => {
      client.setQueryData<Profile>(peopleKeys.profile(userId), (p) => p && { ...p, contact });
      void client.invalidateQueries({ queryKey: peopleKeys.list('contacts') });
    },
  });
}

export function useAddContact() {
  return useContactMutation(addContact, true);
}

export function useRemoveContact() {
  return useContactMutation(removeContact, false);
}
