// Installing the web app. Chromium browsers offer it with `beforeinstallprompt`, once, early,
// whatever page is open, so the offer is kept from the start until Settings, the install banner
// or the download page uses it. Safari on iPhone and iPad makes no offer: there the person adds
// the app with Share, Add to Home Screen, and the app shows those steps instead.
import { useSyncExternalStore } from 'react';

/** The event's shape (not in the DOM typings: it is not a standard). */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPromptEvent | null = null;
let installedNow = false;
const listeners = new Set<() => void>();

function changed() {
  for (const l of listeners) l();
}

/** Starts keeping the browser's install offer (called once at start). */
export function keepInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-bar stays away: the app offers it at the right time.
    event.preventDefault();
    offered = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offered = null;
    installedNow = true;
    changed();
  });
}

/** The offer, when the browser made one that was not used yet. */
export function installPrompt(): InstallPromptEvent | null {
  return offered;
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the offer can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = offered;
  if (!event) return false;
  offered = null;
  changed();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome === 'accepted';
}

/** Running as the installed app (or installed during this visit). */
export function isStandalone(): boolean {
  if (installedNow) return true;
  if (typeof window === 'undefined') return false;
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iPhone, iPad (an iPad says it is a Mac with a touch screen) and iPod: Safari's Share menu. */
export function isAppleMobile(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

/** How this device can install the app: the browser's offer, Safari's steps, or not (now). */
export type InstallWay = 'prompt' | 'ios' | 'installed' | 'none';

export function installWay(): InstallWay {
  if (isStandalone()) return 'installed';
  if (offered) return 'prompt';
  if (isAppleMobile()) return 'ios';
  return 'none';
}

export function useInstallWay(): InstallWay {
  return useSyncExternalStore(subscribeInstallPrompt, installWay, () => 'none' as const);
}
