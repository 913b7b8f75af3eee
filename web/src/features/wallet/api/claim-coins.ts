// Free coins: the daily claim and watch rewards (POST /system/watch/edit).
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import type { Claimed } from './types';

export type ClaimKind = 'claim' | 'watch';

/**
 * POST /system/watch/edit: the daily claim (once per UTC day) or a watch reward (a few a day).
 * A second claim is a 400 with the server's message, which the caller shows.
 */
export function claimCoins(type: ClaimKind) {
  return request<Claimed>({
    url: '/system/watch/edit',
    method: 'POST',
    data: { type },
    silent: true,
  });
}

export function useClaimCoins() {
  return useMutation({ mutationFn: claimCoins });
}
