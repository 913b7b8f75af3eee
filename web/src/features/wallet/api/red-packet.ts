// Opening a red packet (POST /system/redPacket/claim).
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/**
 * POST /system/redPacket/claim: the receiver takes a red packet's coins, once; both sides then
 * get the message's new state as an `update` event. A packet already taken or returned is a 400.
 */
export function claimRedPacket(id: number) {
  return request<null>({
    url: '/system/redPacket/claim',
    method: 'POST',
    data: { id },
    silent: true,
  });
}

export function useClaimRedPacket() {
  return useMutation({ mutationFn: claimRedPacket });
}
