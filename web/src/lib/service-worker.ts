// The service worker (public/sw.js): registered at start; a new version of it (a new build of the
// app) installs beside the running one and waits until the person chooses to reload, so a page
// never runs half on one build and half on the next; and the pages notifications open.
import { navigate } from './session';

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;
let registration: ServiceWorkerRegistration | null = null;

function setWaiting(worker: ServiceWorker | null): void {
  if (worker === waiting) return;
  waiting = worker;
  for (const l of listeners) l();
}

/** A new version that has installed and waits for the reload, or null. */
export function waitingVersion(): ServiceWorker | null {
  return waiting;
}

export function subscribeWaitingVersion(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function supported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;
}

/**
 * Follows a registration: a worker that finishes installing while another controls the page is
 * a new version (the very first one takes over at once, there is nothing to replace).
 */
export function followUpdates(
  reg: ServiceWorkerRegistration,
  container: Pick<ServiceWorkerContainer, 'controller'> = navigator.serviceWorker,
): void {
  const track = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === 'installed' && container.controller) setWaiting(worker);
      if (worker.state === 'redundant' && waiting === worker) setWaiting(null);
    };
    worker.addEventListener('statechange', check);
    check();
  };
  track(reg.waiting);
  track(reg.installing);
  reg.addEventListener('updatefound', () => track(reg.installing));
}

/** An app path a notification asks to open (never another site). */
export function appPath(url: unknown): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return null;
  return url;
}

/** Registers the service worker, follows its updates and opens what notifications ask for. */
export function registerServiceWorker(): void {
  if (!supported()) return;
  const container = navigator.serviceWorker;
  container.addEventListener('message', (event: MessageEvent<{ type?: string; url?: unknown }>) => {
    if (event.data?.type !== 'open') return;
    const path = appPath(event.data.url);
    if (path) navigate(path);
  });
  void container
    .register('/sw.js')
    .then((reg) => {
      registration = reg;
      followUpdates(reg);
    })
    .catch(() => undefined);
}

/** Asks the server whether the service worker changed (the browser does too, on navigations). */
export async function checkForNewVersion(): Promise<void> {
  try {
    await registration?.update();
  } catch {
    // Offline, or the server is away: the next check will tell.
  }
}

/**
 * Lets the waiting version take over, then reloads into it. Without one (or when it does not
 * take over within `timeoutMs`) the reload alone loads whatever the server has.
 */
export async function reloadIntoNewVersion(timeoutMs = 5000): Promise<void> {
  const worker = waiting ?? registration?.waiting ?? null;
  if (worker && supported()) {
    const container = navigator.serviceWorker;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      container.addEventListener(
        'controllerchange',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  }
  window.location.reload();
}

/** Finds a new version now (for Update now): the registration's own check, bounded in time. */
export async function fetchNewVersion(timeoutMs = 5000): Promise<void> {
  const reg = registration ?? (await navigator.serviceWorker?.getRegistration().catch(() => null));
  if (!reg) return;
  registration ??= reg;
  await Promise.race([
    reg.update().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, timeoutMs)),
  ]);
  // The new worker, if any, may still be installing: wait for it (it precaches the new build).
  const installing = reg.installing;
  if (installing) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      installing.addEventListener('statechange', () => {
        if (installing.state !== 'installing') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }
  if (reg.waiting) setWaiting(reg.waiting);
}
