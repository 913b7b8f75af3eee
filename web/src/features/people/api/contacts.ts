// Adding people to my contacts and removing them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { peopleKeys } from './keys';
import type { Card, Profile } from './types';

/** GET /em/addFriend/{id}: adds a person to my contacts. */
export function addContact(userId: number) {
  return request<Card>({ url: `/em/addFriend/${userId}` });
}

/** GET /em/delFriend/{id}: removes a person from my contacts. */
export function removeContact(userId: number) {
  return request<null>({ url: `/em/delFriend/${userId}` });
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
