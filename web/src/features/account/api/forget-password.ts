// A forgotten password: the reset code by mail, then the new password.
import { useMutation } from '@tanstack/react-query';
import { type ApiQuery, type Narrowed, api } from '../../../lib/api';

/** POST /system/user/profile/forgetPwd?userName&email: mails a reset code. */
export function requestPasswordReset(input: { userName: string; email: string }) {
  return api.post('/system/user/profile/forgetPwd', { query: input, handleUnauthorized: false });
}

export type ResetPasswordInput = Narrowed<
  ApiQuery<'post', '/system/user/profile/forgetUpdatePwd'>,
  { inputUserName: string; inputEmail: string; emailCode: string; newPassword: string }
>;

/** POST /system/user/profile/forgetUpdatePwd with everything in the query string. */
export function resetPassword(input: ResetPasswordInput) {
  return api.post('/system/user/profile/forgetUpdatePwd', {
    query: input,
    handleUnauthorized: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
