// Two people in a chat, each on a device of their own: signing in (with the chat socket live),
// the address of a chat with someone, and a message's options. Shared by the chat, group,
// translation and wallet stories.
import {
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
  expect,
} from '@playwright/test';
import { type LanguageAbbr, languageInfo } from '../src/i18n/languages';
import { type Person, login, skipSplash, url } from './helpers';

/** Resolves once the page's chat socket is live (the server's hello arrived). */
export function chatLive(page: Page) {
  return page
    .waitForEvent('websocket', (ws) => ws.url().includes('/im?'))
    .then((ws) =>
      ws.waitForEvent('framereceived', (f) => String(f.payload).includes('"type":"hello"')),
    );
}

/** The app's language from now on (read at the next load), as the language menu keeps it. */
async function switchLanguage(page: Page, abbr: LanguageAbbr) {
  const stored = { language: languageInfo(abbr).language, abbr };
  await page.evaluate((value) => localStorage.setItem('LANGUAGE', JSON.stringify(value)), stored);
}

/** Someone signed in on a device of their own (a second browser context of this project). */
export async function signIn(
  browser: Browser,
  testInfo: TestInfo,
  who: Pick<Person, 'userName' | 'password'>,
  lang: LanguageAbbr = 'en',
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
  if (lang !== 'en') {
    await switchLanguage(page, lang);
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

/** Opens a message's options: a long press on a touch screen, a right-click with a mouse. */
export async function openActions(page: Page, text: string, testInfo: TestInfo) {
  const row = page.getByTestId('message').filter({ hasText: text });
  // A message still on its way has its own options (no Recall): wait for the stored one.
  await expect(row).toHaveAttribute('data-message-id', /^\d+$/);
  const target = row.locator('.bubble');
  if (testInfo.project.use.hasTouch) {
    const box = await target.boundingBox();
    const at = { clientX: (box?.x ?? 0) + 10, clientY: (box?.y ?? 0) + 10 };
    await target.dispatchEvent('pointerdown', { pointerType: 'touch', ...at });
    await page.waitForTimeout(650);
    await target.dispatchEvent('pointerup', { pointerType: 'touch', ...at });
  } else {
    await target.click({ button: 'right' });
  }
  return page.getByRole('dialog', { name: 'Message options' });
}
