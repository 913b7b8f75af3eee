// The accounts saved on this device (UserAccounts) and the stored copy of the signed-in user.
import {
  type StorageKey as Key,
  StorageKey,
  getJSON,
  remove,
  setJSON,
  setString,
} from '../../lib/storage';
import { clearSession, startSession } from '../../lib/session';
import type { User } from './api/types';

export interface SavedAccount {
  user: Pick<User, 'userId' | 'userName'> & Partial<User>;
  token: string;
}

export function getSavedAccounts(): SavedAccount[] {
  const list = getJSON<unknown>(StorageKey.USER_ACCOUNTS, []);
  if (!Array.isArray(list)) return [];
  return list.filter(
    (a): a is SavedAccount =>
      typeof a === 'object' &&
      a !== null &&
      typeof (a as SavedAccount).user?.userId === 'number' &&
      typeof (a as SavedAccount).token === 'string',
  );
}

function saveAccounts(list: SavedAccount[]): void {
  setJSON(StorageKey.USER_ACCOUNTS, list);
}

/** Adds the account, or refreshes its user and token, keeping the list order. */
export function upsertSavedAccount(user: User, token: string): void {
  const list = getSavedAccounts();
  const i = list.findIndex((a) => a.user.userId === user.userId);
  const entry: SavedAccount = { user, token };
  if (i >= 0) list[i] = entry;
  else list.push(entry);
  saveAccounts(list);
}

export function updateSavedUser(user: User): void {
  const list = getSavedAccounts();
  const i = list.findIndex((a) => a.user.userId === user.userId);
  const found = list[i];
  if (found) {
    list[i] = { ...found, user };
    saveAccounts(list);
  }
}

export function forgetSavedToken(userId: number): void {
  saveAccounts(getSavedAccounts().map((a) => (a.user.userId === userId ? { ...a, token: '' } : a)));
}

export function removeSavedAccount(userId: number): void {
  saveAccounts(getSavedAccounts().filter((a) => a.user.userId !== userId));
}

export function getStoredUser(): User | null {
  return getJSON<User | null>(StorageKey.USER_INFO, null);
}

/** Remembers the signed-in user (USER_INFO, USER_ID, USER_NAME) and refreshes its saved entry. */
export function storeUser(user: User): void {
  setJSON(StorageKey.USER_INFO, user);
  setString(StorageKey.USER_ID, String(user.userId));
  setString(StorageKey.USER_NAME, user.userName);
  updateSavedUser(user);
}

/** After a login or registration: the new session, the stored user and the saved account. */
export function signIn(token: string, user: User): void {
  startSession(token);
  storeUser(user);
  upsertSavedAccount(user, token);
}

/** Logout and deletion: the session is cleared and login shows next. */
export function signOut(): void {
  clearSession();
}

export function clearAllAccountData(): void {
  const keys: Key[] = [StorageKey.CHAT_LANGUAGES, StorageKey.SERVICE_INFO];
  remove(...keys);
  clearSession();
}
