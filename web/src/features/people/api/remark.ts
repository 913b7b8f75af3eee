// My private remark (name) for a person.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { patchPerson } from './cache';
import { peopleKeys } from './keys';

export const REMARK_MAX = 30;

/** POST /em/friend/updateRemark/{id}?remark=: my private name for a person; empty clears it. */
export function updateRemark({ userId, remark }: { userId: number; remark: string }) {
  return api.post('/em/friend/updateRemark/{userId}', {
    path: { userId },
    query: { remark: remark.trim() },
  });
}

export function useUpdateRemark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRemark,
    onSuccess: (card) => {
      patchPerson(client, card.userId, { remark: card.remark ?? null });
      void client.invalidateQueries({ queryKey: peopleKeys.lists() });
    },
  });
}
