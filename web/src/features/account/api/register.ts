// Signing up (POST /register) and storing the new session.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { signIn } from '../saved-accounts';
import { accountKeys } from './keys';
import type { AuthResult, RegisterInput } from './types';

export function register(input: RegisterInput) {
  return request<AuthResult>({
    url: '/register',
    method: 'POST',
    data: input,
    handleUnauthorized: false,
  });
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
