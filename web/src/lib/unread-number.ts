// The unread message counter (UNREAD_NUMBER, SPEC section 4): the chat feature keeps it, the
// Messages tab shows it together with the groups' unread messages (the groups feature keeps that
// part, for as long as someone is signed in). Kept here so the tab bar can show it without loading
// the chat code.
import { StorageKey, getString, setString } from './storage';
import { subscribeSession } from './session';

type Listener = () => void;
const listeners = new Set<Listener>();

export function getUnreadNumber(): number {
  const n = Number(getString(StorageKey.UNREAD_NUMBER));
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

export function setUnreadNumber(value: number): void {
  const next = Math.max(0, Math.floor(value));
  if (next === getUnreadNumber() && getString(StorageKey.UNREAD_NUMBER) !== null) return;
  setString(StorageKey.UNREAD_NUMBER, String(next));
  for (const l of listeners) l();
}

let groupUnread = 0;

/** What is unread in my groups, all together. */
export function setGroupUnreadNumber(value: number): void {
  const next = Math.max(0, Math.floor(value));
  if (next === groupUnread) return;
  groupUnread = next;
  for (const l of listeners) l();
}

/** The Messages tab's number: unread one-to-one messages and unread group messages. */
export function getMessagesUnread(): number {
  return getUnreadNumber() + groupUnread;
}

/** Also fires when the session is cleared (which removes the counter). */
export function subscribeUnreadNumber(listener: Listener): () => void {
  listeners.add(listener);
  const stopSession = subscribeSession(listener);
  return () => {
    listeners.delete(listener);
    stopSession();
  };
}
