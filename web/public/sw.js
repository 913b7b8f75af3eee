// Amora's service worker: shows chat notifications sent by Web Push and, when one is opened,
// brings the app forward and opens the chat with the sender after 1000 ms (SPEC section 2).
/* global self */

const NAVIGATE_DELAY_MS = 1000;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { title: 'Amora', body: event.data ? event.data.text() : '' };
  }
  const data = payload.data || {};
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Amora', {
      body: payload.body || '',
      icon: data.im_chat_msg_ext_mine_avatar || '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: `chat-${data.im_chat_msg_ext_mine_id || ''}`,
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

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = chatUrl(event.notification.data || {});
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = windows[0] ? await windows[0].focus() : await self.clients.openWindow('/');
      await new Promise((resolve) => setTimeout(resolve, NAVIGATE_DELAY_MS));
      if (client && 'navigate' in client) await client.navigate(url);
    })(),
  );
});
