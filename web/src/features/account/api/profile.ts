// My own profile (GET and PUT /system/user/profile).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { storeUser } from '../saved-accounts';
import { accountKeys } from './keys';
import type { ProfileUpdate } from './types';

export function getProfile() {
  return api.get('/system/user/profile');
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.profile(), queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** PUT /system/user/profile (JSON): only the fields given change. */
export async function updateProfile(update: ProfileUpdate) {
  const user = await api.put('/system/user/profile', { body: update });
  storeUser(user);
  return user;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(accountKeys.info(), user);
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

/** POST /system/user/profile/avatar/base64 {avatar: data URL}. */
export function uploadAvatar(avatar: string) {
  return api.post('/system/user/profile/avatar/base64', { body: { avatar } });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
