// Owns the signed-in session as stored in localStorage, and tells React when it changes.
import { paths } from './paths';
import { StorageKey, getString, remove, setString } from './storage';
import { forgetSuspension } from './suspension';

type Listener = () => void;
const listeners = new Set<Listener>();

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(): void {
  for (const l of listeners) l();
}

export function getToken(): string | null {
  return getString(StorageKey.TOKEN);
}

export function isLoggedIn(): boolean {
  return Boolean(getToken()) && getString(StorageKey.LOGINED) === 'true';
}

/** Stores a fresh token and the logged-in flag. */
export function startSession(token: string): void {
  forgetSuspension();
  setString(StorageKey.TOKEN, token);
  setString(StorageKey.LOGINED, 'true');
  remove(StorageKey.IS_SHOWING_MODAL);
  emit();
}

/**
 * Clears what a logout, a 401 answer or an account switch clears (SPEC section 4): the token, the
 * IM session, unread counters, the user info and the red-dot counters.
 */
export function clearSession(options: { keepLoggedInFlag?: boolean } = {}): void {
  remove(
    StorageKey.TOKEN,
    StorageKey.IM_TOKEN,
    StorageKey.IM_USER_ID,
    StorageKey.IM_USER_NAME,
    StorageKey.UNREAD_NUMBER,
    StorageKey.UNREAD_MESSAGES,
    StorageKey.USER_INFO,
    StorageKey.LIST_RED,
  );
  if (!options.keepLoggedInFlag)
    remove(StorageKey.LOGINED, StorageKey.USER_ID, StorageKey.USER_NAME);
  emit();
}

/**
 * Work a logout does while the session still holds its token, registered by features at start
 * (the push feature forgets this browser's subscription), so that logout needs no feature.
 */
type SignOutStep = () => Promise<void>;
const signOutSteps = new Set<SignOutStep>();
/** How long a logout waits for its steps: it must never hang on an unreachable service. */
const SIGN_OUT_STEPS_MS = 3000;

export function beforeSignOut(step: SignOutStep): () => void {
  signOutSteps.add(step);
  return () => signOutSteps.delete(step);
}

/** Runs every registered step; one that fails or takes too long does not stop the logout. */
export async function runSignOutSteps(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SIGN_OUT_STEPS_MS);
  });
  await Promise.race([Promise.allSettled([...signOutSteps].map((step) => step())), late]);
  clearTimeout(timer);
}

/** Hooks used by code outside React (the request helper) to move to a route. */
let navigateTo: (path: string) => void = (path) => {
  globalThis.location?.assign(path);
};

export function setNavigator(fn: (path: string) => void): void {
  navigateTo = fn;
}

export function navigate(path: string): void {
  navigateTo(path);
}

/**
 * Logs this device out from outside React and opens login, with the same clearing as Log out:
 * what the chat connection does when the server closes it because the account signed in
 * elsewhere (206) or was kicked (217).
 */
export function signOutToLogin(): void {
  clearSession();
  if (globalThis.location?.pathname !== paths.login) navigate(paths.login);
}
