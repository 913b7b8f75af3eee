// Deleting messages from my own view of a conversation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { removeFromHistory } from '../cache';
import { chatKeys } from './keys';

/** DELETE /system/content/delMsg (form ids): gone for me only; the other side keeps them. */
export function deleteMessages(ids: readonly number[]) {
  return api.delete('/system/content/delMsg', { body: { ids: ids.join(',') }, form: true });
}

export function useDeleteMessages(peer: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessages,
    onSuccess: (_, ids) => {
      removeFromHistory(queryClient, peer, ids);
      // The list shows the last message left, which only the server knows.
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}
