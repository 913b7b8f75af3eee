// Liking (winking at) a person and taking it back, and what this device knows of my like.
import {
  type QueryClient,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notePushMoment } from '../../../lib/push-moments';
import { peopleKeys } from './keys';
import type { LikeState } from './types';

/**
 * GET /system/like/opera/{id}?like=: likes (winks at) a person (`like` true) or takes the like
 * back (false). The server sets that state whatever it was, so a heart never does the opposite
 * of what it showed (a double tap, or a like given on another device, changes nothing).
 */
export function setLike(userId: number, like: boolean) {
  return api.get('/system/like/opera/{id}', { path: { id: userId }, query: { like } });
}

// My like for each person, as the server last said (every card and profile carries it) or as my
// own taps set it, lives under peopleKeys.like(id). Nothing is fetched for it.
export const likeStateQueryOptions = (userId: number) =>
  queryOptions<LikeState>({
    queryKey: peopleKeys.like(userId),
    queryFn: skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function rememberLike(
  client: QueryClient,
  userId: number,
  liked: boolean,
  mutual?: boolean,
) {
  client.setQueryData<LikeState>(peopleKeys.like(userId), (known) => ({
    liked,
    mutual: liked && (mutual ?? known?.mutual ?? false),
  }));
}

/** Learns my likes from a page of cards: the server's word is newer than what this device knew. */
export function rememberLikes(
  client: QueryClient,
  cards: readonly { userId: number; liked: boolean }[],
  mutual?: boolean,
) {
  for (const card of cards) rememberLike(client, card.userId, card.liked, mutual);
}

/** My like for a person as far as this device knows; `fallback` when it knows nothing. */
export function useLikeState(userId: number, fallback?: LikeState): LikeState {
  const { data } = useQuery(likeStateQueryOptions(userId));
  return data ?? fallback ?? { liked: false, mutual: false };
}

export interface ToggleLikeInput {
  userId: number;
  /** What the person sees now: the heart flips from this at once, and the server is asked for
   * the opposite (not to toggle), so what happens is what the heart promised. */
  liked: boolean;
}

export function useToggleLike({ onMatch }: { onMatch?: (userId: number) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, liked }: ToggleLikeInput) => setLike(userId, !liked),
    onMutate: async ({ userId, liked }) => {
      const queryKey = peopleKeys.like(userId);
      await client.cancelQueries({ queryKey });
      const previous = client.getQueryData<LikeState>(queryKey);
      client.setQueryData<LikeState>(queryKey, { liked: !liked, mutual: false });
      return { previous };
    },
    onError: (_err, { userId }, context) => {
      client.setQueryData(peopleKeys.like(userId), context?.previous);
    },
    onSuccess: (state, { userId }) => {
      client.setQueryData(peopleKeys.like(userId), state);
      if (state.mutual) {
        onMatch?.(userId);
        notePushMoment('match');
      }
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: peopleKeys.list('likeTo') });
      void client.invalidateQueries({ queryKey: peopleKeys.list('mutual') });
      void client.invalidateQueries({ queryKey: peopleKeys.counters() });
    },
  });
}
