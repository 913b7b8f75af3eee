// Deleting messages from my own view of a conversation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { removeFromGroupHistory, removeFromHistory } from '../cache';
import { chatKeys } from './keys';

/**
 * DELETE /system/content/delMsg (form ids, and groupId for a group's messages): gone for me only;
 * the other side (the other members) keep them.
 */
export function deleteMessages(ids: readonly number[], groupId?: number) {
  return api.delete('/system/content/delMsg', {
    body: { ids: ids.join(','), ...(groupId !== undefined ? { groupId } : {}) },
    form: true,
  });
}

export function useDeleteMessages(peer: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => deleteMessages(ids),
    onSuccess: (_, ids) => {
      removeFromHistory(queryClient, peer, ids);
      // The list shows the last message left, which only the server knows.
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}

/** Hides a group's messages from my history; the group's list row is not changed by it. */
export function useDeleteGroupMessages(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => deleteMessages(ids, groupId),
    onSuccess: (_, ids) => removeFromGroupHistory(queryClient, groupId, ids),
  });
}
