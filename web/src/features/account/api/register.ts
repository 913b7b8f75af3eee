// Signing up (POST /register) and storing the new session.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { signIn } from '../saved-accounts';
import { accountKeys } from './keys';
import type { RegisterInput } from './types';

export function register(input: RegisterInput) {
  return api.post('/register', { body: input, handleUnauthorized: false });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ token, user }) => {
      queryClient.clear();
      signIn(token, user);
      queryClient.setQueryData(accountKeys.info(), user);
    },
  });
}
