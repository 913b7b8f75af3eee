// The chat's own privacy: a chat link cannot put another name or picture on someone (the page
// takes them from the server, only the id from its address), and logging out closes the chat
// socket.
import { type TestInfo, expect, test } from '@playwright/test';
import { chatLive, signIn } from './chat-people';
import { person, registerViaApi, url } from './helpers';

async function register(
  request: Parameters<typeof registerViaApi>[0],
  prefix: string,
  testInfo: TestInfo,
  gender: 'female' | 'male',
) {
  const p = person(prefix, testInfo);
  const { userId } = await registerViaApi(request, p, { gender });
  return { ...p, userId };
}

test('a chat opened with a forged name and picture shows the server’s @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const him = await register(request, 'fgm', testInfo, 'male');
  const her = await register(request, 'fgw', testInfo, 'female');
  const { context, page } = await signIn(browser, testInfo, her);

  const forged = {
    userId: him.userId,
    userName: 'Amora Security Team',
    emUser: 'u1',
    avatar: 'https://evil.example/face.png',
    sex: 'female',
    unRead: 99,
  };
  await page.goto(url(`/pages/chat/chat?data=${encodeURIComponent(JSON.stringify(forged))}`));
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(him.userName) }),
  ).toBeVisible();
  await expect(page.getByText('Amora Security Team')).toHaveCount(0);
  await expect(page.locator('img[src*="evil.example"]')).toHaveCount(0);
  await context.close();
});

test('logging out closes the chat socket', async ({ browser, request }, testInfo) => {
  const her = await register(request, 'low', testInfo, 'female');
  const { context, page } = await signIn(browser, testInfo, her);
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/im?'));
  const live = chatLive(page);
  await page.goto(url('/pages/settings/settings'));
  const ws = await socket;
  await live;

  const closed = ws.waitForEvent('close');
  let reopened = false;
  page.on('websocket', (w) => {
    if (w.url().includes('/im?')) reopened = true;
  });
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(url('/pages/login/login'));
  await closed;
  expect(ws.isClosed()).toBe(true);
  await page.waitForTimeout(1500);
  expect(reopened).toBe(false);
  await context.close();
});
