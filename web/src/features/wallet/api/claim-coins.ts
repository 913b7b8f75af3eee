// Free coins: the daily claim and watch rewards (POST /system/watch/edit).
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type ClaimKind = 'claim' | 'watch';

/**
 * POST /system/watch/edit: the daily claim (once per UTC day) or a watch reward (a few a day).
 * A second claim is a 400 with the server's message, which the caller shows.
 */
export function claimCoins(type: ClaimKind) {
  return api.post('/system/watch/edit', { body: { type }, silent: true });
}

export function useClaimCoins() {
  return useMutation({ mutationFn: claimCoins });
}
