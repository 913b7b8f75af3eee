// A banned person's appeal (POST /system/user/appeal), sent with the pass of the ban's answer.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function sendAppeal(input: { token: string; text: string }) {
  return api.post('/system/user/appeal', { body: input, handleUnauthorized: false });
}

export function useSendAppeal() {
  return useMutation({ mutationFn: sendAppeal });
}
