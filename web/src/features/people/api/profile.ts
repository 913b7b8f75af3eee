// A person's profile (GET /system/user/profile/homePage).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { peopleKeys } from './keys';
import { rememberLike } from './like';

/**
 * GET /system/user/profile/homePage?userId=: a person's profile with my relation to them (mine
 * without userId). Viewing someone leaves a footprint. The page shows a 404 itself.
 */
export function getProfile(userId?: number) {
  return api.get('/system/user/profile/homePage', { query: { userId }, silent: true });
}

export const profileQueryOptions = (userId?: number) =>
  queryOptions({
    queryKey: peopleKeys.profile(userId ?? 'me'),
    queryFn: async ({ client }) => {
      const profile = await getProfile(userId);
      if (!profile.mine) rememberLike(client, profile.userId, profile.liked, profile.mutual);
      return profile;
    },
  });

export function useProfile(userId?: number) {
  return useQuery(profileQueryOptions(userId));
}
