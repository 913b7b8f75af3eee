// Two people in a chat, each on a device of their own: signing in (with the chat socket live)
// and the address of a chat with someone. Shared by the chat, translation and wallet stories.
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { type Person, login, skipSplash, url } from './helpers';

/** Resolves once the page's chat socket is live (the server's hello arrived). */
export function chatLive(page: Page) {
  return page
    .waitForEvent('websocket', (ws) => ws.url().includes('/im?'))
    .then((ws) =>
      ws.waitForEvent('framereceived', (f) => String(f.payload).includes('"type":"hello"')),
    );
}

/** The app's language from now on: Japanese (read at the next load). */
export async function switchToJapanese(page: Page) {
  await page.evaluate(() =>
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Japanese', abbr: 'ja' })),
  );
}

/** Someone signed in on a device of their own (a second browser context of this project). */
export async function signIn(
  browser: Browser,
  testInfo: TestInfo,
  who: Pick<Person, 'userName' | 'password'>,
  lang: 'en' | 'ja' | 'ru' = 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  const use = testInfo.project.use;
  const context = await browser.newContext({
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  await skipSplash(page);
  let live = chatLive(page);
  await login(page, who.userName, who.password);
  await live;
  if (lang === 'ru') {
    await page.evaluate(() =>
      localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Russian', abbr: 'ru' })),
    );
  }
  if (lang !== 'en') {
    if (lang === 'ja') await switchToJapanese(page);
    live = chatLive(page);
    await page.reload();
    await live;
  }
  return { context, page };
}

/** The address of the chat with `them`, as the app links to it. */
export function chatUrl(them: { userId: number; userName: string; gender: 'female' | 'male' }) {
  const data = {
    userId: them.userId,
    userName: them.userName,
    emUser: `u${them.userId}`,
    avatar: '',
    sex: them.gender,
    unRead: 0,
  };
  return url(`/pages/chat/chat?data=${encodeURIComponent(JSON.stringify(data))}`);
}
