// Deleting my account (POST /system/user/cancellation) and the hook that signs out after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { clearAllAccountData, removeSavedAccount } from '../saved-accounts';

/**
 * POST /system/user/cancellation with my password: deletes my account and revokes every
 * session. A wrong password deletes nothing; the caller shows the server's message.
 */
export async function deleteAccount({ userId, password }: { userId: number; password: string }) {
  await api.post('/system/user/cancellation', { body: { password }, silent: true });
  removeSavedAccount(userId);
  clearAllAccountData();
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => queryClient.clear(),
  });
}
