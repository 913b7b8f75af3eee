// Signing in (POST /login) and storing the session.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { signIn } from '../saved-accounts';
import { accountKeys } from './keys';
import type { LoginInput } from './types';

/** POST /login: userName may be the email. */
export function login(input: LoginInput) {
  // A 401 here means a wrong name or password, not an expired session.
  return api.post('/login', { body: input, handleUnauthorized: false });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => {
      queryClient.clear();
      signIn(token, user);
      queryClient.setQueryData(accountKeys.info(), user);
    },
  });
}
