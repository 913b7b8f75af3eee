// Whether this browser may show notifications: not at all (unsupported), not asked yet, allowed,
// or blocked; kept current while the app runs (the person can change it in the browser's site
// settings at any time).
import { useSyncExternalStore } from 'react';

export type PushPermission = 'unsupported' | 'default' | 'granted' | 'denied';

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function pushPermission(): PushPermission {
  if (!supported()) return 'unsupported';
  return Notification.permission;
}

const listeners = new Set<() => void>();
let watching = false;

/** Tells whoever shows the permission that it may have changed (after the browser's prompt). */
export function permissionChanged(): void {
  for (const l of listeners) l();
}

function watch(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener('visibilitychange', permissionChanged);
  void navigator.permissions
    ?.query({ name: 'notifications' })
    .then((status) => status.addEventListener('change', permissionChanged))
    .catch(() => undefined);
}

/** Calls `listener` whenever the permission may have changed. */
export function subscribePermission(listener: () => void): () => void {
  watch();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePushPermission(): PushPermission {
  return useSyncExternalStore(subscribePermission, pushPermission, () => 'unsupported' as const);
}
