// My notification settings (GET and POST /system/push/settings): read once, and changed a switch
// at a time, at once on screen; a change the server refuses is taken back and says so.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { t } from '../../../i18n';
import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import {
  type PushSettings,
  type PushSettingsChange,
  applyChange,
  browserTimeZone,
  revertChange,
} from '../settings';
import { notifyKeys } from './keys';

export function getPushSettings(): Promise<PushSettings> {
  return api.get('/system/push/settings', { silent: true });
}

/** Sends a change with the browser's time zone; answers the whole stored settings. */
export function savePushSettings(change: PushSettingsChange): Promise<PushSettings> {
  return api.post('/system/push/settings', {
    body: { ...change, timeZone: browserTimeZone() },
    silent: true,
  });
}

export const pushSettingsQueryOptions = () =>
  queryOptions({ queryKey: notifyKeys.settings(), queryFn: getPushSettings });

export function usePushSettings() {
  return useQuery(pushSettingsQueryOptions());
}

const SAVE_KEY = [...notifyKeys.settings(), 'save'] as const;

export function useSavePushSettings() {
  const client = useQueryClient();
  const queryKey = notifyKeys.settings();
  return useMutation({
    mutationKey: SAVE_KEY,
    mutationFn: savePushSettings,
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData<PushSettings>(queryKey);
      if (before) client.setQueryData(queryKey, applyChange(before, change));
      return { before };
    },
    onError: (_err, change, context) => {
      const { before } = context ?? {};
      if (before) {
        client.setQueryData<PushSettings>(queryKey, (current) =>
          current ? revertChange(current, before, change) : before,
        );
      }
      showToast(t('notify.notSaved'), 'error');
    },
    onSuccess: (stored) => {
      // While another change is on its way, its answer (which has both) is the one to keep.
      if (client.isMutating({ mutationKey: SAVE_KEY }) <= 1) {
        client.setQueryData(queryKey, stored);
      }
    },
  });
}
