// Verifying my email: sending the code and checking it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accountKeys } from './keys';
import type { User } from './types';

/** POST /system/user/sendEmail (form-encoded): mails a six-digit code to my address. */
export function sendVerificationEmail() {
  return api.post('/system/user/sendEmail', { form: true });
}

/** POST /system/user/updateEmailVerified (form-encoded {code}). */
export function verifyEmail(code: string) {
  return api.post('/system/user/updateEmailVerified', { body: { code }, form: true });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (result) => {
      queryClient.setQueryData<User>(accountKeys.info(), (user) =>
        user ? { ...user, emailVerified: true, characters: result.characters } : user,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}
