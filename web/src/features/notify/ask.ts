// When to ask to turn on notifications: never on first load, only at a moment that makes sense
// (the first match, the first message sent, the banner on the messages page), only while the
// browser has not been answered, and not again for some days after "Not now".
import { StorageKey, getJSON, setJSON } from '../../lib/storage';
import type { PushPermission } from './permission';

/** After "Not now", the app asks again at the earliest this many days later. */
export const ASK_AGAIN_AFTER_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AskMemory {
  /** When the person last chose Not now (ms). */
  notNowAt?: number;
}

export function readAskMemory(): AskMemory {
  const stored = getJSON<unknown>(StorageKey.PUSH_ASK, {});
  if (!stored || typeof stored !== 'object') return {};
  const { notNowAt } = stored as AskMemory;
  return typeof notNowAt === 'number' ? { notNowAt } : {};
}

export function rememberNotNow(now = Date.now()): void {
  setJSON(StorageKey.PUSH_ASK, { notNowAt: now });
}

/** Whether the app may ask now: the browser has not been answered and no recent Not now. */
export function mayAsk(permission: PushPermission, memory: AskMemory, now = Date.now()): boolean {
  if (permission !== 'default') return false;
  if (memory.notNowAt === undefined) return true;
  // A clock set back is no reason to ask sooner.
  const since = now - memory.notNowAt;
  return since < 0 ? false : since >= ASK_AGAIN_AFTER_DAYS * DAY_MS;
}
