// Owns every localStorage key the app uses (SPEC section 3). Nothing else touches localStorage.

export const StorageKey = {
  LOGINED: 'LOGINED',
  TOKEN: 'TOKEN',
  IM_TOKEN: 'IM_TOKEN',
  IM_USER_ID: 'IM_USER_ID',
  IM_USER_NAME: 'IM_USER_NAME',
  USER_ID: 'USER_ID',
  USER_NAME: 'USER_NAME',
  /** Kept for compatibility with the native app's key list; the web app never stores a password. */
  PASSWORD: 'PASSWORD',
  USER_INFO: 'USER_INFO',
  SERVICE_INFO: 'SERVICE_INFO',
  UNREAD_NUMBER: 'UNREAD_NUMBER',
  UNREAD_MESSAGES: 'UNREAD_MESSAGES',
  LANGUAGE: 'LANGUAGE',
  CHAT_LANGUAGES: 'CHAT_LANGUAGES',
  USER_ACCOUNTS: 'UserAccounts',
  SHOWED_SPLASH: 'SHOWED_SPLASH',
  IS_SHOWING_MODAL: 'isShowingModal',
  LIST_RED: 'listRed',
  /** The last chat event sequence processed, per account: {userId: seq} (web app only). */
  IM_LAST_SEQ: 'IM_LAST_SEQ',
  /** The last event processed in each group, per account: {userId: {groupId: seq}} (web app only). */
  IM_GROUP_SEQ: 'IM_GROUP_SEQ',
  /** The discover filters a person last applied (web app only). */
  DISCOVER_FILTERS: 'discoverFilters',
  /** The last answer of the version list and when it came: {at, versions} (web app only). */
  UPDATE_CHECK: 'updateCheck',
  /** The versions whose update prompt the person put off with Later (web app only). */
  UPDATE_LATER: 'updateLater',
  /** When the person last answered Not now to turning on notifications: {notNowAt} (web app only). */
  PUSH_ASK: 'pushAsk',
  /** The visits counted and the install banner's one showing: {visits, shownInVisit, dismissed}
   * (web app only). */
  INSTALL_BANNER: 'installBanner',
  /** The messages whose "Does this bother you?" the person answered: [message id] (web app only). */
  HARSH_ANSWERED: 'harshAnswered',
} as const;

export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function getString(key: StorageKey): string | null {
  return store()?.getItem(key) ?? null;
}

export function setString(key: StorageKey, value: string): void {
  store()?.setItem(key, value);
}

export function getJSON<T>(key: StorageKey, fallback: T): T {
  const raw = getString(key);
  if (raw == null || raw === '') return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function setJSON(key: StorageKey, value: unknown): void {
  setString(key, JSON.stringify(value));
}

export function remove(...keys: StorageKey[]): void {
  const s = store();
  for (const key of keys) s?.removeItem(key);
}
