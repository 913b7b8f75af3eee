// A banned person's answer (403 "This account has been suspended" with `data: {reason, until,
// appealToken, appeal}`), kept for the suspension page in sessionStorage: a reload shows it
// again, and closing the tab forgets it (its appeal pass lasts half an hour anyway).
import type { components } from './api-schema';

export type Suspension = components['schemas']['Suspension'];
export type AppealView = components['schemas']['AppealView'];

const KEY = 'amora.suspension';

function store(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Whether an answer's `data` is a ban's. */
export function isSuspension(code: number, data: unknown): data is Suspension {
  return (
    code === 403 &&
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { appealToken?: unknown }).appealToken === 'string' &&
    typeof (data as { reason?: unknown }).reason === 'string'
  );
}

export function rememberSuspension(suspension: Suspension): void {
  store()?.setItem(KEY, JSON.stringify(suspension));
}

export function storedSuspension(): Suspension | null {
  const raw = store()?.getItem(KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSuspension(403, parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Her appeal went: the page shows it as sent, after a reload too. */
export function rememberAppeal(appeal: AppealView): void {
  const suspension = storedSuspension();
  if (suspension) rememberSuspension({ ...suspension, appeal });
}

export function forgetSuspension(): void {
  store()?.removeItem(KEY);
}
