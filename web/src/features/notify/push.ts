// Notifications by Web Push: once the person allows them, this browser is subscribed with the
// server's VAPID key (the service worker, public/sw.js, shows them); the subscription follows the
// session (renewed at each sign-in, forgotten at logout).
import { api } from '../../lib/api';
import { beforeSignOut, getToken, isLoggedIn, subscribeSession } from '../../lib/session';
import { pushPermission, subscribePermission } from './permission';

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes this browser (asking for permission when `ask` is set and it was never given).
 * Quietly does nothing where push is unsupported or refused.
 */
export async function enablePush(ask: boolean): Promise<boolean> {
  if (!supported()) return false;
  let permission = Notification.permission;
  if (permission === 'default' && ask) permission = await Notification.requestPermission();
  if (permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api.get('/system/push/vapidKey', { silent: true });
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await api.post('/system/push/subscribe', { body: subscription.toJSON(), silent: true });
  return true;
}

/**
 * Forgets this browser's subscription, on the server and at the push service, so that nothing
 * more is pushed to it. Never throws: a logout goes on whatever happens here.
 */
export async function disablePush(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    await api
      .post('/system/push/unsubscribe', {
        body: { endpoint: subscription.endpoint },
        silent: true,
        handleUnauthorized: false,
      })
      .catch(() => undefined); // the server forgets them all at logout anyway
    await subscription.unsubscribe();
  } catch {
    // No service worker or push service to ask: nothing is subscribed here that we can reach.
  }
}

/**
 * Keeps this browser's subscription with the session: subscribed again (when notifications were
 * allowed) at start and whenever someone else signs in, which moves the endpoint to them, and
 * when they are allowed in the browser's own site settings while the app runs; forgotten before
 * logout.
 */
export function pushFollowsSession(): void {
  let token: string | null = null;
  const follow = () => {
    const now = isLoggedIn() ? getToken() : null;
    if (now && now !== token) void enablePush(false).catch(() => undefined);
    token = now;
  };
  follow();
  subscribeSession(follow);
  beforeSignOut(disablePush);

  let permission = pushPermission();
  subscribePermission(() => {
    const now = pushPermission();
    if (now === 'granted' && permission !== 'granted' && isLoggedIn()) {
      void enablePush(false).catch(() => undefined);
    }
    permission = now;
  });
}
