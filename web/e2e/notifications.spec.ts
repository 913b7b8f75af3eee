// Stories of notifications: the app asks at a moment that makes sense, in its own words before
// the browser's prompt (allowed, or refused with how to allow them again), Settings shows each
// state, and what the server pushes (a message, a like, a match) shows as a notification that
// opens the right page; each switch in Settings stops its kind while the others still arrive.
//
// Headless Chromium has no push service here: the stories run their own on loopback
// (push-service.ts), which the server (AMORA_PUSH__ALLOW_INSECURE_LOCAL) encrypts to; the story
// decrypts each push as a browser would and hands it to the real service worker.
import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  Locator,
  Page,
  TestInfo,
} from '@playwright/test';
import { expect, test } from '@playwright/test';
import { chatUrl } from './chat-people';
import {
  api,
  type Person,
  login,
  person,
  registerViaApi,
  shot,
  skipSplash,
  toast,
  url,
} from './helpers';
import {
  type PushService,
  type SubscriptionKeys,
  decrypt,
  deliverPush,
  openNotification,
  shownNotifications,
  startPushService,
  subscriptionKeys,
  routePushTo,
} from './push-service';
import { operator } from './operator';
import { buy } from './purchases';

interface Account extends Person {
  userId: number;
  token: string;
  gender: 'female' | 'male';
}

async function register(
  request: APIRequestContext,
  prefix: string,
  testInfo: TestInfo,
  gender: 'female' | 'male' = 'male',
): Promise<Account> {
  const p = person(prefix, testInfo);
  const { userId, token } = await registerViaApi(request, p, {
    gender,
    country: gender === 'male' ? 'Germany' : 'Japan',
  });
  return { ...p, userId, token, gender };
}

/** A device of its own for someone (a browser context of this project's size). */
async function device(browser: Browser, testInfo: TestInfo): Promise<BrowserContext> {
  const use = testInfo.project.use;
  return browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
}

async function send(page: Page, text: string) {
  const input = page.getByLabel('Type a message');
  await input.fill(text);
  await input.press('Enter');
}

const askSheet = (page: Page) =>
  page.getByRole('dialog', { name: 'Know when someone writes to you' });

let service: PushService;
test.beforeAll(async () => {
  service = await startPushService();
});
test.afterAll(async () => {
  await service.close();
});

test('the first message she sends asks, in our words first, and allowing them subscribes', async ({
  browser,
  request,
}, testInfo) => {
  const her = await register(request, 'nfa', testInfo, 'female');
  const him = await register(request, 'nfb', testInfo, 'male');
  const context = await device(browser, testInfo);
  const keys = subscriptionKeys();
  await routePushTo(context, service.endpoint(`ask-${her.userId}`), keys);
  const page = await context.newPage();
  await skipSplash(page, { askForNotifications: true });
  await login(page, her.userName, her.password);

  // Never on the first load.
  await page.waitForTimeout(2000);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto(chatUrl(him));
  await send(page, 'Hello from Kyoto!');
  const sheet = askSheet(page);
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(
    'Amora tells you about new messages, matches and who liked you',
  );
  await expect(sheet.getByRole('button', { name: 'Not now' })).toBeVisible();
  await shot(page, testInfo, 'push-ask');

  // She allows them in the browser's prompt.
  await context.grantPermissions(['notifications']);
  const subscribed = page.waitForRequest(
    (req) => req.url().endsWith('/prod-api/system/push/subscribe') && req.method() === 'POST',
  );
  await sheet.getByRole('button', { name: 'Turn on' }).click();
  const body = (await subscribed).postDataJSON() as { endpoint: string; keys: { auth: string } };
  expect(body.endpoint).toBe(service.endpoint(`ask-${her.userId}`));
  expect(body.keys.auth).toBe(keys.auth);
  await expect(toast(page, 'Notifications are on')).toBeVisible();
  await expect(sheet).toBeHidden();

  // Settings says so.
  await page.goto(url('/pages/settings/settings'));
  const section = page.getByTestId('notification-settings');
  await expect(section.getByTestId('push-state')).toHaveText('On');
  await expect(section.getByRole('button', { name: 'Turn on' })).toHaveCount(0);
  await context.close();
});

test('refused in the browser, the app says how to allow them again, in the sheet and Settings @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const her = await register(request, 'nfd', testInfo, 'female');
  const him = await register(request, 'nfe', testInfo, 'male');
  const context = await device(browser, testInfo);
  const page = await context.newPage();
  await skipSplash(page, { askForNotifications: true });
  await login(page, her.userName, her.password);

  await page.goto(chatUrl(him));
  await send(page, 'Hi!');
  const sheet = askSheet(page);
  await expect(sheet).toBeVisible();
  // Headless Chromium answers the browser's prompt with a refusal.
  await sheet.getByRole('button', { name: 'Turn on' }).click();
  const blocked = page.getByRole('dialog', { name: 'Notifications are blocked' });
  await expect(blocked).toBeVisible();
  await expect(blocked.getByTestId('push-blocked-howto')).toContainText(
    'Open Site settings or Permissions, then Notifications.',
  );
  await shot(page, testInfo, 'push-blocked');
  await blocked.getByRole('button', { name: 'Got it' }).click();
  await expect(blocked).toBeHidden();

  await page.goto(url('/pages/settings/settings'));
  const section = page.getByTestId('notification-settings');
  await expect(section.getByTestId('push-state')).toHaveText('Blocked');
  await expect(section.getByTestId('push-blocked-howto')).toContainText('Choose Allow');
  await section.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'settings-notifications-blocked');
  await context.close();
});

test('the messages page invites her; Not now is remembered; Settings offers Turn on', async ({
  browser,
  request,
}, testInfo) => {
  const her = await register(request, 'nfg', testInfo, 'female');
  const him = await register(request, 'nfh', testInfo, 'male');
  const context = await device(browser, testInfo);
  const keys = subscriptionKeys();
  await routePushTo(context, service.endpoint(`later-${her.userId}`), keys);
  const page = await context.newPage();
  await skipSplash(page, { askForNotifications: true });
  await login(page, her.userName, her.password);

  await page.goto(url('/pages/message/message'));
  const banner = page.getByTestId('push-banner');
  await expect(banner).toContainText('Never miss a message');
  await shot(page, testInfo, 'push-banner');
  await banner.getByRole('button', { name: 'Turn on' }).click();
  const sheet = askSheet(page);
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Not now' }).click();
  await expect(sheet).toBeHidden();
  await expect(banner).toBeHidden();

  // Remembered: not on the messages page again, nor after her first message.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByTestId('push-banner')).toHaveCount(0);
  await page.goto(chatUrl(him));
  await send(page, 'Good morning');
  await page.waitForTimeout(2500);
  await expect(askSheet(page)).toHaveCount(0);

  // Settings: off, with Turn on, and the switches and quiet hours of her account.
  await page.goto(url('/pages/settings/settings'));
  const section = page.getByTestId('notification-settings');
  await expect(section.getByTestId('push-state')).toHaveText('Off');
  for (const label of [
    'Messages',
    'Likes and winks',
    'Visitors',
    'Matches',
    'Gifts and red packets',
    'Announcements',
  ]) {
    await expect(section.getByRole('switch', { name: label })).toBeChecked();
  }
  await expect(section.getByRole('switch', { name: /Quiet hours/ })).not.toBeChecked();
  await expect(section.getByTestId('push-time-zone')).toContainText('Time zone: UTC');
  await section.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'settings-notifications-off');

  // She allows them in the browser's own site settings instead: on at once, and subscribed.
  await expect(section.getByRole('button', { name: 'Turn on' })).toBeVisible();
  const subscribed = page.waitForResponse(
    (res) => res.url().endsWith('/prod-api/system/push/subscribe') && res.ok(),
  );
  await context.grantPermissions(['notifications']);
  await expect(section.getByTestId('push-state')).toHaveText('On');
  expect((await subscribed).request().postDataJSON()).toMatchObject({
    endpoint: service.endpoint(`later-${her.userId}`),
  });
  await context.close();
});

/**
 * Someone whose notifications are on, on a device whose chat is never live for the server (so
 * that messages are pushed to her, as to anyone away from the app).
 */
async function away(browser: Browser, testInfo: TestInfo, who: Account, id: string) {
  const context = await device(browser, testInfo);
  await context.grantPermissions(['notifications']);
  const keys = subscriptionKeys();
  await routePushTo(context, service.endpoint(id), keys);
  // The chat socket reaches no server: she is not online for it.
  await context.routeWebSocket(/\/im\?/, () => undefined);
  const page = await context.newPage();
  await skipSplash(page, { askForNotifications: true });
  const subscribed = page.waitForResponse(
    (res) => res.url().endsWith('/prod-api/system/push/subscribe') && res.ok(),
  );
  await login(page, who.userName, who.password);
  await subscribed;
  return { context, page, keys };
}

interface Payload {
  title: string;
  body: string;
  data: { kind: string; url?: string; im_chat_msg_ext_mine_id?: number };
}

/** The pushes received for `id` so far, decrypted. */
function pushes(id: string, keys: SubscriptionKeys): Payload[] {
  return service.received(id).map((r) => JSON.parse(decrypt(r.body, keys)) as Payload);
}

/** Waits for the next push for `id` (after `seen` of them) and answers it, as sent. */
async function nextPush(id: string, keys: SubscriptionKeys, seen: number): Promise<string> {
  await expect.poll(() => service.received(id).length, { timeout: 15_000 }).toBeGreaterThan(seen);
  const received = service.received(id)[seen];
  if (!received) throw new Error('no push');
  return decrypt(received.body, keys);
}

test('a message, a like and a match arrive as notifications that open the right page', async ({
  browser,
  request,
}, testInfo) => {
  const her = await register(request, 'nfp', testInfo, 'female');
  const him = await register(request, 'nfq', testInfo, 'male');
  const kai = await register(request, 'nfr', testInfo, 'male');
  const id = `deliver-${her.userId}`;
  const she = await away(browser, testInfo, her, id);
  const shown = () => shownNotifications(she.page);
  /**
   * Hands the push to her worker until it shows a notification tagged `tag`, as a push service
   * hands a push again that a browser did not take.
   */
  const show = async (payload: string, tag: string) => {
    for (let handed = 1; ; handed += 1) {
      await deliverPush(she.page, payload);
      const tags = async () => (await shown()).map((n) => n.tag);
      const timeout = handed < 3 ? 5000 : 10_000;
      try {
        await expect.poll(tags, { timeout }).toContain(tag);
        return;
      } catch (e) {
        if (handed === 3) throw e;
      }
    }
  };

  // A message: the notification names him, and opens the chat with him.
  await api(request, him.token, '/system/content/sendMsg', {
    method: 'POST',
    data: { to: her.userId, msgType: 'txt', content: { text: 'Dinner on Friday?' } },
  });
  const message = await nextPush(id, she.keys, 0);
  expect(JSON.parse(message)).toMatchObject({
    title: him.userName,
    body: 'Dinner on Friday?',
    data: { kind: 'message', im_chat_msg_ext_mine_id: him.userId },
  });
  await show(message, `message-${him.userId}`);
  expect((await shown()).find((n) => n.tag === `message-${him.userId}`)).toMatchObject({
    title: him.userName,
    body: 'Dinner on Friday?',
  });
  await openNotification(she.context, `message-${him.userId}`);
  await expect(she.page).toHaveURL(/\/pages\/chat\/chat\?data=/);
  await expect(
    she.page.getByRole('heading', { level: 1, name: new RegExp(him.userName) }),
  ).toBeVisible();

  // Likes: a burst shows as one notification, and opens Wink Me.
  await api(request, him.token, `/system/like/opera/${her.userId}?like=true`);
  const like = await nextPush(id, she.keys, 1);
  expect(JSON.parse(like)).toMatchObject({
    data: { kind: 'like', url: '/pages/index/index?tab=wink' },
  });
  await api(request, kai.token, `/system/like/opera/${her.userId}?like=true`);
  const another = await nextPush(id, she.keys, 2);
  await show(like, 'like');
  await show(another, 'like');
  expect((await shown()).filter((n) => n.tag === 'like')).toHaveLength(1);
  await openNotification(she.context, 'like');
  await expect(she.page).toHaveURL(url('/pages/index/index?tab=wink'));

  // A match: she liked Leo, and Leo likes her back. It opens the chat with him.
  const leo = await register(request, 'nfs', testInfo, 'male');
  await api(request, her.token, `/system/like/opera/${leo.userId}?like=true`);
  await api(request, leo.token, `/system/like/opera/${her.userId}?like=true`);
  const match = await nextPush(id, she.keys, 3);
  expect(JSON.parse(match)).toMatchObject({
    title: leo.userName,
    data: { kind: 'match', im_chat_msg_ext_mine_id: leo.userId },
  });
  await show(match, `match-${leo.userId}`);
  await openNotification(she.context, `match-${leo.userId}`);
  await expect(
    she.page.getByRole('heading', { level: 1, name: new RegExp(leo.userName) }),
  ).toBeVisible();
  expect(she.page.url()).toContain('/pages/chat/chat?data=');
  await she.context.close();
});

test('each switch in Settings stops its kind, while the others still arrive @desktop', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const her = await register(request, 'nfw', testInfo, 'female');
  const him = await register(request, 'nfx', testInfo, 'male');
  await buy(request, him.token, 'gold-600');
  const id = `switches-${her.userId}`;
  const she = await away(browser, testInfo, her, id);
  await she.page.goto(url('/pages/settings/settings'));
  const section = she.page.getByTestId('notification-settings');
  await expect(section.getByTestId('push-state')).toHaveText('On');

  const kinds = () => pushes(id, she.keys).map((p) => p.data.kind);
  const saved = () =>
    she.page.waitForResponse(
      (res) =>
        res.url().endsWith('/prod-api/system/push/settings') && res.request().method() === 'POST',
    );
  const toggle = async (label: string, on: boolean) => {
    const done = saved();
    const control = section.getByRole('switch', { name: label });
    await control.click();
    await expect(control).toBeChecked({ checked: on });
    expect((await (await done).json()).code).toBe(200);
  };
  const message = (text: string) =>
    api(request, him.token, '/system/content/sendMsg', {
      method: 'POST',
      data: { to: her.userId, msgType: 'txt', content: { text } },
    });
  const visit = async () => {
    const visitor = await register(request, 'nfv', testInfo);
    await api(request, visitor.token, `/system/user/profile/homePage?userId=${her.userId}`);
  };
  const like = async () => {
    const fan = await register(request, 'nfl', testInfo);
    await api(request, fan.token, `/system/like/opera/${her.userId}?like=true`);
  };
  const matchWith = async () => {
    const other = await register(request, 'nfm', testInfo);
    await api(request, her.token, `/system/like/opera/${other.userId}?like=true`);
    await api(request, other.token, `/system/like/opera/${her.userId}?like=true`);
  };
  const gift = async () => {
    const gifts = await api<{ id: number }[]>(request, him.token, '/system/gift/list');
    await api(request, him.token, '/system/content/sendMsg', {
      method: 'POST',
      data: { to: her.userId, msgType: 'gift', content: { giftId: gifts[0]?.id } },
    });
  };
  /** With `label` off, `off` sends nothing while `on` still arrives. */
  const stops = async (
    label: string,
    kind: string,
    off: () => Promise<unknown>,
    other: { kind: string; send: () => Promise<unknown> },
  ) => {
    await toggle(label, false);
    const before = kinds().length;
    await off();
    await other.send();
    await expect.poll(() => kinds().slice(before), { timeout: 15_000 }).toContain(other.kind);
    await she.page.waitForTimeout(3000);
    expect(kinds().slice(before)).not.toContain(kind);
    await toggle(label, true);
  };

  // A notice for her alone (one to everyone is read in the Bulletin, never pushed).
  const staff = await register(request, 'nfo', testInfo);
  operator(['user', 'admin', '--email', staff.email]);
  const notice = () =>
    api(request, staff.token, '/admin/notices', {
      method: 'POST',
      data: { title: 'Your report', body: 'We looked into it.', userId: her.userId },
    });
  const aMessage = { kind: 'message', send: () => message('Still there?') };
  await stops('Messages', 'message', () => message('Hello?'), { kind: 'visitor', send: visit });
  await stops('Likes and winks', 'like', like, aMessage);
  await stops('Visitors', 'visitor', visit, aMessage);
  await stops('Matches', 'match', matchWith, aMessage);
  await stops('Gifts and red packets', 'gift', gift, aMessage);
  await stops('Announcements', 'announcement', notice, aMessage);

  // Back on, each kind arrives again.
  const before = kinds().length;
  await like();
  await gift();
  await notice();
  await expect
    .poll(() => kinds().slice(before).sort(), { timeout: 15_000 })
    .toEqual(['announcement', 'gift', 'like']);

  // Quiet hours around now, in her time zone: nothing, until they are off again.
  const hour = new Date().getUTCHours();
  const at = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
  const quiet = section.getByRole('switch', { name: /Quiet hours/ });
  let done = saved();
  await quiet.click();
  await expect(quiet).toBeChecked();
  await done;
  // At some hours an end is already where it goes (nothing to save), or the new start is the
  // old end (the page never has both ends the same, so the end moves first).
  const from = section.getByLabel('From', { exact: true });
  const to = section.getByLabel('To', { exact: true });
  const set = async (input: Locator, value: string) => {
    if ((await input.inputValue()) === value) return;
    const change = saved();
    await input.fill(value);
    expect((await (await change).json()).code).toBe(200);
  };
  const window = { from: at(hour - 1), to: at(hour + 2) };
  if ((await to.inputValue()) === window.from) {
    await set(to, window.to);
    await set(from, window.from);
  } else {
    await set(from, window.from);
    await set(to, window.to);
  }
  const stored = await api<{ quietHours: unknown }>(request, her.token, '/system/push/settings');
  expect(stored.quietHours).toEqual(window);
  await section.scrollIntoViewIfNeeded();
  await shot(she.page, testInfo, 'settings-notifications-quiet');
  const quietFrom = kinds().length;
  await message('Are you asleep?');
  await she.page.waitForTimeout(4000);
  expect(kinds().length).toBe(quietFrom);
  done = saved();
  await quiet.click();
  await expect(quiet).not.toBeChecked();
  await done;
  await message('Good morning!');
  await expect.poll(() => kinds().slice(quietFrom), { timeout: 15_000 }).toEqual(['message']);
  await she.context.close();
});
