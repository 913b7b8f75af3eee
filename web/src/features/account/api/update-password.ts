// Changing my password (other sessions are revoked).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accountKeys } from './keys';

/** PUT /system/user/profile/updatePwd (form-encoded); other sessions are revoked. */
export function updatePassword(input: { oldPassword: string; newPassword: string }) {
  return api.put('/system/user/profile/updatePwd', { body: input, form: true });
}

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
