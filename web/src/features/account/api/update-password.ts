// Changing my password (other sessions are revoked).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { accountKeys } from './keys';

/** PUT /system/user/profile/updatePwd (form-encoded); other sessions are revoked. */
export function updatePassword(input: { oldPassword: string; newPassword: string }) {
  return request<null>({
    url: '/system/user/profile/updatePwd',
    method: 'PUT',
    form: true,
    data: input,
  });
}

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
