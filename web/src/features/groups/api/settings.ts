// Who may add me to groups (GET and PUT /em/groups/settings).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { groupKeys } from './keys';
import type { GroupSettings } from './types';

/** GET /em/groups/settings. */
export function getGroupSettings(): Promise<GroupSettings> {
  return api.get('/em/groups/settings', { silent: true });
}

export const groupSettingsQueryOptions = () =>
  queryOptions({ queryKey: groupKeys.settings(), queryFn: getGroupSettings });

export function useGroupSettings() {
  return useQuery(groupSettingsQueryOptions());
}

/** PUT /em/groups/settings. */
export function putGroupSettings(settings: GroupSettings): Promise<GroupSettings> {
  return api.put('/em/groups/settings', { body: settings });
}

export function useSetGroupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putGroupSettings,
    onSuccess: (settings) => queryClient.setQueryData(groupKeys.settings(), settings),
  });
}
