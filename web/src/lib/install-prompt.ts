// The browser's offer to install the web app (`beforeinstallprompt`, Chromium browsers): it fires
// once, early, whatever page is open, so it is kept from the start until the download page asks.

/** The event's shape (not in the DOM typings: it is not a standard). */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed() {
  for (const l of listeners) l();
}

/** Starts keeping the browser's install offer (called once at start). */
export function keepInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-bar stays away: the download page offers it at the right time.
    event.preventDefault();
    offered = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offered = null;
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
