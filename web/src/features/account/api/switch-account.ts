import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/request';
import { clearSession, startSession } from '../../../lib/session';
import { type SavedAccount, forgetSavedToken, upsertSavedAccount } from '../saved-accounts';
import { getInfo } from './get-info';
import { accountKeys } from './keys';

export type SwitchResult = { ok: true } | { ok: false; expired: true; userName: string };

/**
 * Switches to a saved account: the current session data is cleared without going to login, the
 * saved token becomes the session and the user is reloaded. An expired token (401) answers
 * `expired` so the caller can send the person to login with the name filled in.
 */
export async function switchAccount(account: SavedAccount): Promise<SwitchResult> {
  clearSession({ keepLoggedInFlag: true });
  if (!account.token) return { ok: false, expired: true, userName: account.user.userName };
  try {
    const user = await getInfo({ token: account.token, handleUnauthorized: false, silent: true });
    startSession(account.token);
    upsertSavedAccount(user, account.token);
    return { ok: true };
  } catch (err) {
    if (err instanceof ApiError && err.code === 401) {
      forgetSavedToken(account.user.userId);
      clearSession();
      return { ok: false, expired: true, userName: account.user.userName };
    }
    throw err;
  }
}

export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchAccount,
    onMutate: () => queryClient.cancelQueries(),
    onSuccess: (result) => {
      queryClient.removeQueries();
      if (result.ok) void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}
