// The emoji an emoji message may carry (GET /system/content/emoji).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { chatKeys } from './keys';

/** GET /system/content/emoji: the 35 codes an emoji message may carry, with their pictures. */
export function getEmoji() {
  return api.get('/system/content/emoji');
}

export const emojiQueryOptions = () =>
  queryOptions({ queryKey: chatKeys.emoji(), queryFn: getEmoji, staleTime: Infinity });

export function useEmoji({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...emojiQueryOptions(), enabled });
}
