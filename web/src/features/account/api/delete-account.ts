import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { clearAllAccountData, removeSavedAccount } from '../saved-accounts';

/** GET /system/user/cancellation: deletes my account and revokes every session. */
export async function deleteAccount(userId: number) {
  await request<null>({ url: '/system/user/cancellation' });
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
