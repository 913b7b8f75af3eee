// A push service of the stories' own, since headless Chromium has none here: an HTTP server on
// loopback that keeps what the server pushes to it, the keys a browser would have made for its
// subscription, the decryption of what was pushed (aes128gcm, RFC 8291) as a browser does, and
// the page's PushManager made to hand out a subscription to it. What was pushed is then delivered
// to the real service worker through the DevTools protocol (ServiceWorker.deliverPushMessage).
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';

export interface Received {
  id: string;
  body: Buffer;
  at: number;
}

/** A subscription's keys: the browser's P-256 key pair and the 16-byte auth secret. */
export interface SubscriptionKeys {
  ecdh: crypto.ECDH;
  p256dh: string;
  auth: string;
}

export interface PushService {
  /** The endpoint of one subscription. */
  endpoint(id: string): string;
  /** What was pushed to one subscription so far. */
  received(id: string): Received[];
  close(): Promise<void>;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

export async function startPushService(): Promise<PushService> {
  const inbox: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      if (req.method !== 'POST' || !id) {
        res.writeHead(404).end();
        return;
      }
      inbox.push({ id, body: Buffer.concat(chunks), at: Date.now() });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: (id) => `http://127.0.0.1:${port}/push/${id}`,
    received: (id) => inbox.filter((r) => r.id === id),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function subscriptionKeys(): SubscriptionKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: b64url(ecdh.getPublicKey()), auth: b64url(crypto.randomBytes(16)) };
}

/** Decrypts an aes128gcm push body (RFC 8188 record, RFC 8291 keys) as the browser would. */
export function decrypt(body: Buffer, keys: SubscriptionKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');

  const auth = Buffer.from(keys.auth, 'base64url');
  const secret = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', secret, auth, keyInfo, 32));
  const cek = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );

  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zero or more zero bytes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Pages of this context get, from PushManager, a subscription to `endpoint` with these keys, as a
 * browser with a push service would hand out (and forget at unsubscribe).
 */
export async function routePushTo(
  context: BrowserContext,
  endpoint: string,
  keys: SubscriptionKeys,
) {
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const bytes = (b64url: string) => {
        const raw = atob(b64url.replace(/-/g, '+').replace(/_/g, '/'));
        return Uint8Array.from(raw, (c) => c.charCodeAt(0)).buffer;
      };
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: (name: string) => bytes(name === 'p256dh' ? p256dh : auth),
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem('test.pushSubscribed');
          return true;
        },
      };
      PushManager.prototype.subscribe = async function subscribe() {
        localStorage.setItem('test.pushSubscribed', 'true');
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        const subscribed = localStorage.getItem('test.pushSubscribed') === 'true';
        return subscribed ? (subscription as unknown as PushSubscription) : null;
      };
    },
    { endpoint, p256dh: keys.p256dh, auth: keys.auth },
  );
}

/** What a push would make the browser do: hands `payload` to the page's service worker. */
export async function deliverPush(page: Page, payload: string) {
  // A worker still installing (it stores the build's files first) would not get the push.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const deadline = Date.now() + 5000;
  let registration = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
  while (!registration && Date.now() < deadline) {
    await page.waitForTimeout(100);
    registration = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
  }
  if (!registration) throw new Error('no service worker registered');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registration.registrationId,
    data: payload,
  });
  await cdp.detach();
}

export interface Shown {
  title: string;
  body: string;
  tag: string;
  data: Record<string, unknown>;
}

/** What the stories use of the service worker's global scope (no WebWorker typings here). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
}
type NotificationEventClass = new (type: string, init: { notification: Notification }) => Event;

/** The notifications her registration shows now, read from the page (so from whichever worker
 * runs for it now). */
export function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as Record<string, unknown>,
    }));
  });
}

/** Opens the notification with this tag, as a tap on it would, in the worker that shows it. */
export async function openNotification(context: BrowserContext, tag: string) {
  for (const worker of [...context.serviceWorkers()].reverse()) {
    const opened = await worker
      .evaluate(async (tag) => {
        const scope = self as unknown as WorkerScope;
        const NotificationEvent = (self as unknown as { NotificationEvent: NotificationEventClass })
          .NotificationEvent;
        const [notification] = await scope.registration.getNotifications({ tag });
        if (!notification) return false;
        scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
        return true;
      }, tag)
      .catch(() => false);
    if (opened) return;
  }
  throw new Error(`no notification tagged ${tag}`);
}
