// Switching to an account saved on this device, and forgetting one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/request';
import { clearSession, startSession } from '../../../lib/session';
import {
  type SavedAccount,
  forgetSavedToken,
  removeSavedAccount,
  storeUser,
  upsertSavedAccount,
} from '../saved-accounts';
import { accountKeys } from './keys';
import type { User } from './types';

export type SwitchResult =
  { ok: true; user: User } | { ok: false; expired: true; userName: string };

/**
 * Switches to a saved account. The saved token is checked with GET /getInfo first; then the
 * current session data is cleared without going to login, the saved token becomes the session
 * and the user is stored. An expired token (401) answers `expired` so the caller can send the
 * person to login with the name filled in.
 */
export async function switchAccount(account: SavedAccount): Promise<SwitchResult> {
  const expired = () => {
    forgetSavedToken(account.user.userId);
    clearSession();
    return { ok: false, expired: true, userName: account.user.userName } as const;
  };
  if (!account.token) return expired();
  let user: User;
  try {
    user = await api.get('/getInfo', {
      token: account.token,
      handleUnauthorized: false,
      silent: true,
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === 401) return expired();
    throw err;
  }
  clearSession({ keepLoggedInFlag: true });
  startSession(account.token);
  storeUser(user);
  upsertSavedAccount(user, account.token);
  return { ok: true, user };
}

export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchAccount,
    onMutate: () => queryClient.cancelQueries(),
    onSuccess: (result) => {
      queryClient.removeQueries();
      if (result.ok) queryClient.setQueryData(accountKeys.info(), result.user);
    },
  });
}

/**
 * Removes a saved account from this device: its session is ended on the server too (POST
 * /logout with its token), so nothing left here or there can sign in as it.
 */
export async function forgetSavedAccount(account: SavedAccount): Promise<void> {
  removeSavedAccount(account.user.userId);
  if (!account.token) return;
  try {
    await api.post('/logout', { token: account.token, silent: true, handleUnauthorized: false });
  } catch {
    // An expired or unreachable session is forgotten all the same.
  }
}

export function useForgetSavedAccount() {
  return useMutation({ mutationFn: forgetSavedAccount });
}
