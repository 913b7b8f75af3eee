// Opening a red packet (POST /system/redPacket/claim).
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * POST /system/redPacket/claim: the receiver takes a red packet's coins, once (answering the coins
 * and the balance after); both sides then get the message's new state as an `update` event. A
 * packet already taken or returned is a 400.
 */
export function claimRedPacket(id: number) {
  return api.post('/system/redPacket/claim', { body: { id }, silent: true });
}

export function useClaimRedPacket() {
  return useMutation({ mutationFn: claimRedPacket });
}
