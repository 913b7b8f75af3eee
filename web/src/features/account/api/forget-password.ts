// A forgotten password: the reset code by mail, then the new password.
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/** POST /system/user/profile/forgetPwd?userName&email: mails a reset code. */
export function requestPasswordReset(input: { userName: string; email: string }) {
  return request<null>({
    url: '/system/user/profile/forgetPwd',
    method: 'POST',
    params: input,
    handleUnauthorized: false,
  });
}

export interface ResetPasswordInput {
  inputUserName: string;
  inputEmail: string;
  emailCode: string;
  newPassword: string;
}

/** POST /system/user/profile/forgetUpdatePwd with everything in the query string. */
export function resetPassword(input: ResetPasswordInput) {
  return request<null>({
    url: '/system/user/profile/forgetUpdatePwd',
    method: 'POST',
    params: { ...input },
    handleUnauthorized: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
