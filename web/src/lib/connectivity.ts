// Whether this device has a network, as the browser says (navigator.onLine and its online and
// offline events). The offline banner reads it; the query cache follows it, so that what is read
// while offline waits instead of failing, and runs by itself once the network is back.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export function subscribeOnline(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}

/**
 * The query cache starts from the browser's word (it assumes a network otherwise, and an app
 * opened offline would fail every read); its own listeners follow the events after that.
 */
export function followConnectivity(): void {
  onlineManager.setOnline(isOnline());
}
