import {
  type QueryClient,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { peopleKeys } from './keys';
import type { LikeState } from './types';

/** GET /system/like/opera/{id}: likes (winks at) a person, or takes the like back. */
export function toggleLike(userId: number) {
  return request<LikeState>({ url: `/system/like/opera/${userId}` });
}

// Cards do not say whether I like the person; what this device learnt (from profiles, My
// Favourite and my own taps) lives under peopleKeys.like(id). Nothing is fetched for it.
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

/** My like for a person as far as this device knows; `fallback` when it knows nothing. */
export function useLikeState(userId: number, fallback?: LikeState): LikeState {
  const { data } = useQuery(likeStateQueryOptions(userId));
  return data ?? fallback ?? { liked: false, mutual: false };
}

export interface ToggleLikeInput {
  userId: number;
  /** What the person sees now: the heart flips from this at once. */
  liked: boolean;
}

export function useToggleLike({ onMatch }: { onMatch?: (userId: number) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: ToggleLikeInput) => toggleLike(userId),
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
      if (state.mutual) onMatch?.(userId);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: peopleKeys.list('likeTo') });
      void client.invalidateQueries({ queryKey: peopleKeys.list('mutual') });
      void client.invalidateQueries({ queryKey: peopleKeys.counters() });
    },
  });
}
