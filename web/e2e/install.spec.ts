// Stories of the installed app: the browser's install offer in Settings and in a banner from the
// second visit (once), Safari's Add to Home Screen steps on iPhone, the download page explaining
// both, the app opening without a network (the service worker's shell) and recovering by itself,
// its unsent messages going out once the network is back, and a new build installing beside the
// running one until she chooses Reload.
//
// Headless Chromium never offers to install a page on loopback: the stories make the offer
// themselves, as the browser would (a `beforeinstallprompt` event with prompt() and userChoice).
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { chatUrl } from './chat-people';
import { here, login, person, registerViaApi, shot, skipSplash, toast, url } from './helpers';

async function register(
  request: APIRequestContext,
  prefix: string,
  testInfo: TestInfo,
  gender: 'female' | 'male' = 'female',
) {
  const p = person(prefix, testInfo);
  const { userId, token } = await registerViaApi(request, p, {
    gender,
    country: gender === 'male' ? 'Germany' : 'Japan',
  });
  return { ...p, userId, token, gender };
}

/** The browser offers to install the app; answers how the page can tell prompt() was called. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
  await page.evaluate((outcome) => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    const w = window as unknown as { prompted: number };
    w.prompted = 0;
    offer.prompt = async () => {
      w.prompted += 1;
    };
    offer.userChoice = Promise.resolve({ outcome });
    window.dispatchEvent(offer);
  }, outcome);
}

const prompted = (page: Page) =>
  page.evaluate(() => (window as unknown as { prompted?: number }).prompted ?? 0);

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function device(browser: Browser, testInfo: TestInfo, userAgent?: string) {
  const use = testInfo.project.use;
  return browser.newContext({
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: 'en-GB',
    timezoneId: 'UTC',
    userAgent,
  });
}

test('Settings offers to install Amora when the browser does, and the download page explains both ways @screens', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'ins', testInfo);
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url('/pages/settings/settings'));
  await expect(page.getByRole('link', { name: 'Get the app' })).toBeVisible();
  // No offer from the browser: no entry.
  await expect(page.getByTestId('install-entry')).toHaveCount(0);

  await offerInstall(page);
  const entry = page.getByRole('button', { name: 'Install Amora' });
  await expect(entry).toBeVisible();
  await entry.click();
  expect(await prompted(page)).toBe(1);
  // The offer is used: the browser makes a new one when it can.
  await expect(entry).toHaveCount(0);

  // The download page: the browser's button where it offers one, and the steps for iPhone.
  await offerInstall(page, 'dismissed');
  await page.getByRole('link', { name: 'Get the app' }).click();
  await expect(page).toHaveURL(url('/pages/download/download'));
  const card = page.getByRole('region', { name: 'Install Amora on this device' });
  await expect(card.getByRole('heading', { name: 'On Android and computers' })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'On iPhone and iPad' })).toBeVisible();
  await expect(card).toContainText('Choose Add to Home Screen, then Add.');
  await shot(page, testInfo, 'download-offered');
  await card.getByTestId('install-app').click();
  expect(await prompted(page)).toBe(1);
  await expect(card.getByTestId('install-app')).toHaveCount(0);
  await expect(card).toContainText('open the browser menu and choose Install app');
});

test('the install banner shows on the second visit only, once', async ({
  browser,
  request,
}, testInfo) => {
  const me = await register(request, 'inb', testInfo);
  const context = await device(browser, testInfo);
  const first = await context.newPage();
  await skipSplash(first);
  await login(first, me.userName, me.password);
  await offerInstall(first);
  await first.waitForTimeout(500);
  await expect(first.getByTestId('install-banner')).toHaveCount(0);
  await first.close();

  // A new tab is a new visit.
  const second = await context.newPage();
  await second.goto(url('/'));
  await offerInstall(second);
  const banner = second.getByTestId('install-banner');
  await expect(banner).toContainText('Get the Amora app');
  await shot(second, testInfo, 'install-banner');
  // A reload is the same visit: still there, until closed.
  await second.reload();
  await offerInstall(second);
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Install' }).click();
  expect(await prompted(second)).toBe(1);
  await expect(banner).toBeHidden();
  await second.close();

  const third = await context.newPage();
  await third.goto(url('/'));
  await offerInstall(third);
  await third.waitForTimeout(500);
  await expect(third.getByTestId('install-banner')).toHaveCount(0);
  await context.close();
});

test('on iPhone, Settings and the banner say how to add Amora to the Home Screen', async ({
  browser,
  request,
}, testInfo) => {
  const me = await register(request, 'ini', testInfo);
  const context = await device(browser, testInfo, IPHONE);
  const page = await context.newPage();
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url('/pages/settings/settings'));
  await page.getByRole('button', { name: 'Add to Home Screen' }).click();
  const steps = page.getByRole('dialog', { name: 'Add to Home Screen' });
  await expect(steps).toContainText('Tap the Share button.');
  await shot(page, testInfo, 'install-ios-steps');
  await steps.getByRole('button', { name: 'Close' }).click();

  const again = await context.newPage();
  await again.goto(url('/'));
  const banner = again.getByTestId('install-banner');
  await expect(banner).toContainText('tap Share, then Add to Home Screen');
  await shot(again, testInfo, 'install-banner-ios');
  await banner.getByRole('button', { name: 'Close' }).click();
  await expect(banner).toBeHidden();

  // The download page puts this device's way first.
  await again.goto(url('/pages/download/download'));
  const card = again.getByRole('region', { name: 'Install Amora on this device' });
  await expect(card.getByRole('heading', { level: 3 }).first()).toHaveText('On iPhone and iPad');
  await context.close();
});

test('the app opens without a network, says so, keeps what she sends, and recovers by itself @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const me = await register(request, 'inf', testInfo);
  const him = await register(request, 'ing', testInfo, 'male');
  const context = await device(browser, testInfo);
  const page = await context.newPage();
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await expect(page.getByTestId('person-card').first()).toBeVisible();
  // The service worker has the app's shell, and answers for this page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  const offline = page.getByTestId('offline-banner');
  await expect(offline).toContainText("You're offline.");
  await expect(page.getByRole('navigation', { name: 'Main menu' }).first()).toBeVisible();
  await page.waitForTimeout(1000);
  // The banner says it: no failure toasts on top.
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await shot(page, testInfo, 'offline-discover');

  // Back online: the list loads by itself.
  await context.setOffline(false);
  await expect(offline).toBeHidden();
  await expect(page.getByTestId('person-card').first()).toBeVisible({ timeout: 15_000 });

  // In a chat, a message written offline waits, however long, and goes out once back online.
  await page.goto(chatUrl(him));
  await expect(page.getByLabel('Type a message')).toBeVisible();
  await context.setOffline(true);
  await expect(offline).toBeVisible();
  await page.getByLabel('Type a message').fill('Written on the train');
  await page.getByLabel('Type a message').press('Enter');
  const bubble = page.getByTestId('message').filter({ hasText: 'Written on the train' });
  await expect(bubble).toHaveAttribute('data-status', 'pending');
  await page.waitForTimeout(12_000);
  await expect(bubble).toHaveAttribute('data-status', 'pending');
  await shot(page, testInfo, 'offline-chat');
  await context.setOffline(false);
  await expect(bubble.getByRole('img', { name: /Sent|Delivered|Read/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(toast(page, 'Message sending failed')).toHaveCount(0);
  await context.close();
});

/** The service worker the stories' server serves (global-setup.ts serves this build). */
const SERVED_WORKER = path.join(
  process.env.AMORA_E2E_DIST ?? path.join(here, '..', 'dist'),
  'sw.js',
);

test('a new build installs beside the running one and takes over when she chooses Reload @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const me = await register(request, 'inu', testInfo);
  const context = await device(browser, testInfo);
  const page = await context.newPage();
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await expect(page.getByTestId('person-card').first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  const shells = () => page.evaluate(() => caches.keys());
  const [running] = (await shells()).filter((name) => name.startsWith('amora-shell-'));
  expect(running).toBeTruthy();

  // The server now has the next build: its worker names another shell. (The compressed copies
  // the build made beside it are put aside meanwhile: the server would prefer them.)
  const current = fs.readFileSync(SERVED_WORKER, 'utf8');
  const build = /const BUILD = '([^']*)';/.exec(current)?.[1];
  expect(build).toBeTruthy();
  const compressed = ['.br', '.gz']
    .map((ext) => SERVED_WORKER + ext)
    .filter((file) => fs.existsSync(file));
  for (const file of compressed) fs.renameSync(file, `${file}.aside`);
  try {
    fs.writeFileSync(
      SERVED_WORKER,
      current.replace(`const BUILD = '${build}';`, `const BUILD = '${build}-next';`),
    );
    // The app asks whenever it comes back into view; a story asks the registration at once.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const note = page.getByTestId('new-version');
    await expect(note).toContainText('A new version of Amora is ready.');
    // Until she chooses, the page stays on the build it started with.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    await shot(page, testInfo, 'new-version');

    const reloaded = page.waitForEvent('load');
    await note.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByTestId('person-card').first()).toBeVisible();
    await expect(page.getByTestId('new-version')).toHaveCount(0);
    // The new build's worker answers for the page, and the old shell is gone.
    await expect.poll(shells).toContain(`amora-shell-${build}-next`);
    await expect.poll(shells).not.toContain(running);
  } finally {
    fs.writeFileSync(SERVED_WORKER, current);
    for (const file of compressed) fs.renameSync(`${file}.aside`, file);
    await context.close();
  }
});
