// Amora's service worker.
// - The app shell: this build's page and files, cached at install, so that the app opens without
//   a network (pages from the network first, hashed files from the cache first; the API, the
//   chat socket and pictures always from the network, never cached).
// - Updates: a new build installs beside the running one and waits; the app offers to reload,
//   and then asks it to take over (SKIP_WAITING), so no page mixes two builds.
// - Notifications by Web Push: one kind each (message, like, visitor, match, gift, announcement);
//   opening one shows its page: `data.url` when the push names one, else the chat with the
//   sender, after 1000 ms (SPEC section 2).
/* global self, caches */

// Filled in by the build (scripts/service-worker.mjs): this build's id and the files of its shell.
const BUILD = 'dev';
const SHELL = [];

const CACHE_PREFIX = 'amora-shell-';
const SHELL_CACHE = `${CACHE_PREFIX}${BUILD}`;
const INDEX = '/index.html';
const NAVIGATE_DELAY_MS = 1000;
/** Paths that are never the app shell: always the network, never cached. */
const NETWORK_ONLY = ['/prod-api', '/im', '/media', '/healthz', '/metrics'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // The page is asked for afresh: the HTTP cache may hold an older one.
      await cache.add(new Request(INDEX, { cache: 'reload' }));
      // A file that cannot be had now is fetched (and kept) when first used: the worker, which
      // also shows the notifications, installs all the same.
      await Promise.all(SHELL.map((file) => cache.add(file).catch(() => undefined)));
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== SHELL_CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

// ---------- the app shell ----------

function networkOnly(pathname) {
  return NETWORK_ONLY.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** A page: the network's when it answers, else the cached app (every route is the same page). */
async function page(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const cache = await caches.open(SHELL_CACHE);
    const shell = await cache.match(INDEX, { ignoreVary: true });
    if (shell) return shell;
    throw err;
  }
}

/** A file whose name changes with its content: the cached copy, else the network's, kept. */
async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

/** Icons and the manifest: the network's when it answers (they keep their names), else cached. */
async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const cache = await caches.open(SHELL_CACHE);
    const cached = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
    if (cached) return cached;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || networkOnly(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (SHELL.includes(url.pathname)) event.respondWith(networkFirst(request));
});

// ---------- notifications ----------

const KINDS = ['message', 'like', 'visitor', 'match', 'gift', 'announcement'];
/** Kinds about one person: one notification per person (opened, it leads to that chat). */
const PER_PERSON = ['message', 'match', 'gift'];

function kindOf(data) {
  // A push from before kinds existed is a chat message.
  return KINDS.includes(data.kind) ? data.kind : 'message';
}

/**
 * One notification per kind, or per person for the kinds that open a chat: a burst of likes
 * shows as one, replaced (and announced again: renotify) by the newest.
 */
function tagOf(kind, data) {
  if (groupOf(data)) return `${kind}-g${groupOf(data)}`;
  if (PER_PERSON.includes(kind)) return `${kind}-${data.im_chat_msg_ext_mine_id || ''}`;
  return kind;
}

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { title: 'Amora', body: event.data ? event.data.text() : '' };
  }
  const data = { ...(payload.data || {}) };
  const kind = kindOf(data);
  data.kind = kind;
  const avatar = PER_PERSON.includes(kind) ? data.im_chat_msg_ext_mine_avatar : null;
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Amora', {
      body: payload.body || '',
      icon: avatar || '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: tagOf(kind, data),
      renotify: true,
      data,
    }),
  );
});

function chatUrl(data) {
  const partner = {
    userId: data.im_chat_msg_ext_mine_id,
    userName: data.im_chat_msg_ext_mine_username,
    emUser: data.im_chat_msg_ext_mine_emUser,
    avatar: data.im_chat_msg_ext_mine_avatar,
    sex: data.im_chat_msg_sex,
    unRead: 0,
  };
  return `/pages/chat/chat?data=${encodeURIComponent(JSON.stringify(partner))}`;
}

/** The group a message was sent in (`groupId`), if it was: one notification per group. */
function groupOf(data) {
  return Number.isInteger(data.groupId) && data.groupId > 0 ? data.groupId : null;
}

/**
 * Where a notification leads: the page the push names (ours only), else the group's chat for a
 * group's message, else the sender's chat.
 */
function urlOf(data) {
  if (typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')) {
    return data.url;
  }
  if (groupOf(data)) return `/pages/group-chat/group-chat?id=${groupOf(data)}`;
  if (data.im_chat_msg_ext_mine_id) return chatUrl(data);
  return '/';
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = urlOf(event.notification.data || {});
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.focused) || windows[0];
      if (!open) {
        await self.clients.openWindow(url);
        return;
      }
      const client = await open.focus().catch(() => open);
      await new Promise((resolve) => setTimeout(resolve, NAVIGATE_DELAY_MS));
      // The running app moves there itself, keeping its state and its chat connection.
      client.postMessage({ type: 'open', url });
    })(),
  );
});
