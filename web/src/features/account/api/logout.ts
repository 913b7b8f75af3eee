// Signing out (POST /logout); this device's session is cleared whatever the answer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { runSignOutSteps } from '../../../lib/session';
import { StorageKey, getString } from '../../../lib/storage';
import { forgetSavedToken, signOut } from '../saved-accounts';

/** POST /logout revokes the token; the session is cleared here whatever the answer. */
export async function logout() {
  const userId = Number(getString(StorageKey.USER_ID));
  await runSignOutSteps();
  try {
    await api.post('/logout', { silent: true, handleUnauthorized: false });
  } catch {
    // An expired or unreachable session is logged out all the same.
  }
  if (userId) forgetSavedToken(userId);
  signOut();
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
