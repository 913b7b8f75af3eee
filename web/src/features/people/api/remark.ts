// My private remark (name) for a person.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { patchPerson } from './cache';
import { peopleKeys } from './keys';
import type { Card } from './types';

export const REMARK_MAX = 30;

/** POST /em/friend/updateRemark/{id}?remark=: my private name for a person; empty clears it. */
export function updateRemark({ userId, remark }: { userId: number; remark: string }) {
  return request<Card>({
    url: `/em/friend/updateRemark/${userId}`,
    method: 'POST',
    params: { remark: remark.trim() },
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
