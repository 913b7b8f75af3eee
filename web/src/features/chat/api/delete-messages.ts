// Deleting messages from my own view of a conversation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { removeFromHistory } from '../cache';
import { chatKeys } from './keys';

/** DELETE /system/content/delMsg (form ids): gone for me only; the other side keeps them. */
export function deleteMessages(ids: readonly number[]) {
  return request<number>({
    url: '/system/content/delMsg',
    method: 'DELETE',
    form: true,
    data: { ids: ids.join(',') },
  });
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
