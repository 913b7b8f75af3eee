// The chat partner's card as the server has it (GET /system/user/getInfos/{id}).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { chatKeys } from './keys';

/**
 * GET /system/user/getInfos/{id}: the chat partner's card as the server has it. The chat page
 * takes the partner's name and picture from here, never from its address (anyone can write a
 * link with another name in it).
 */
export function getPeerCard(userId: number) {
  return api.get('/system/user/getInfos/{id}', { path: { id: userId }, silent: true });
}

export const peerCardQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: chatKeys.peer(userId),
    queryFn: () => getPeerCard(userId),
    enabled: userId > 0,
    retry: false,
  });

export function usePeerCard(userId: number) {
  return useQuery(peerCardQueryOptions(userId));
}
