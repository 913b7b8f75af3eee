// Every route answers with a designed page, and the account pages are captured in English and
// Japanese for review (web/e2e/screenshots, not committed).
import { type Page, expect, test } from '@playwright/test';
import { login, person, registerViaApi, shot, skipSplash, url } from './helpers';

/** What the browser refused under the server's Content-Security-Policy while `page` was open. */
function cspViolations(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  return refused;
}

const PUBLIC_PAGES = [
  ['login', '/pages/login/login'],
  ['register', '/pages/register/register'],
  ['forget-password', '/pages/forget-password/forget-password'],
  ['rules', '/pages/rules/rules'],
  ['multi-login', '/pages/multi-login/multi-login'],
] as const;

const PRIVATE_PAGES = [
  ['discover', '/'],
  ['index', '/pages/index/index?tab=wink'],
  ['settings', '/pages/settings/settings'],
  ['switch-account', '/pages/switch-account/switch-account'],
  ['dynamic', '/pages/dynamic/dynamic'],
  ['dynamic-detail', '/pages/dynamic-detail/dynamic-detail'],
  ['homepage', '/pages/homepage/homepage'],
  ['recharge', '/pages/recharge/recharge'],
  ['grade', '/pages/grade/grade'],
  ['release', '/pages/release/release'],
  ['message', '/pages/message/message'],
  ['album', '/pages/album/album'],
  ['indexBranch', '/pages/indexBranch/indexBranch'],
  ['download', '/pages/download/download'],
  ['Bulletin', '/pages/Bulletin/Bulletin'],
  ['RecentContact', '/pages/RecentContact/RecentContact'],
  ['upgrade-popup', '/uni_modules/uni-upgrade-center-app/pages/upgrade-popup'],
  ['choose-location', '/choose-location'],
  [
    'open-location',
    `/open-location?data=${encodeURIComponent(JSON.stringify({ lat: 41.39, lng: 2.17, name: 'Plaça de Catalunya', approximate: true }))}`,
  ],
] as const;

for (const lang of ['en', 'ja'] as const) {
  test(`signed-out pages render in ${lang} @screens`, async ({ page }, testInfo) => {
    const refused = cspViolations(page);
    await skipSplash(page);
    await page.addInitScript((abbr) => {
      localStorage.setItem(
        'LANGUAGE',
        JSON.stringify({ language: abbr === 'ja' ? 'Japanese' : 'English', abbr }),
      );
    }, lang);
    for (const [name, path] of PUBLIC_PAGES) {
      await page.goto(url(path));
      await expect(page.locator('h1:visible').first()).toBeVisible();
      await shot(page, testInfo, `${lang}-${name}`);
    }
    expect(refused).toEqual([]);
  });

  test(`signed-in pages render in ${lang} @screens`, async ({ page, request }, testInfo) => {
    const refused = cspViolations(page);
    const me = person(`pg${lang}`, testInfo);
    await registerViaApi(request, me);
    await skipSplash(page);
    await login(page, me.userName, me.password);
    if (lang === 'ja') {
      await page.evaluate(() =>
        localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Japanese', abbr: 'ja' })),
      );
    }
    for (const [name, path] of PRIVATE_PAGES) {
      await page.goto(url(path));
      await expect(page).toHaveURL(url(path));
      await expect(page.locator('h1:visible').first()).toBeVisible();
      if (name === 'discover') {
        await expect(page.getByTestId('person-card').first()).toBeVisible();
      } else if (name === 'index') {
        await expect(page.getByTestId('upgrade-panel')).toBeVisible();
      } else if (name === 'homepage') {
        await expect(page.getByTestId('profile-name')).toHaveText(me.userName);
      } else if (name === 'message' || name === 'RecentContact') {
        await expect(page.getByTestId('conversations-empty')).toBeVisible();
      } else if (name === 'recharge') {
        await expect(page.getByTestId('product').first()).toBeVisible();
      } else if (name === 'grade') {
        await expect(page.getByTestId('plan-SVIP')).toBeVisible();
      } else if (name === 'album') {
        await expect(page.getByTestId('album-add')).toBeVisible();
      } else if (name === 'Bulletin') {
        await expect(
          page.getByTestId('notice').first().or(page.getByTestId('bulletin-empty')),
        ).toBeVisible();
      } else if (name === 'download') {
        await expect(page.getByTestId('current-version')).toBeVisible();
      } else if (name === 'upgrade-popup') {
        await expect(page.getByTestId('up-to-date')).toBeVisible();
      } else if (name === 'dynamic') {
        await expect(page.getByTestId('feed-tab-everyone')).toBeVisible();
      } else if (name === 'dynamic-detail') {
        await expect(page.getByTestId('feed-empty')).toBeVisible();
      } else if (name === 'release') {
        await expect(page.getByTestId('release-form')).toBeVisible();
      } else if (name === 'open-location') {
        await expect(page.getByTestId('place-name')).toHaveText('Plaça de Catalunya');
      } else if (name === 'indexBranch') {
        await expect(page.getByTestId('nearby-invite')).toBeVisible();
      } else if (name === 'choose-location') {
        // Opened from no chat: it says where places are shared from.
        await expect(page.getByTestId('choose-location-no-chat')).toBeVisible();
      }
      if (['discover', 'settings', 'switch-account', 'message', 'album'].includes(name)) {
        await shot(page, testInfo, `${lang}-${name}`);
      }
    }
    const mika = person(`mk${lang}`, testInfo);
    const { userId } = await registerViaApi(request, mika, { gender: 'male' });
    const partner = {
      userId,
      userName: mika.userName,
      emUser: `u${userId}`,
      avatar: '',
      sex: 'male',
      unRead: 0,
    };
    await page.goto(url(`/pages/chat/chat?data=${encodeURIComponent(JSON.stringify(partner))}`));
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(mika.userName) }),
    ).toBeVisible();
    await shot(page, testInfo, `${lang}-chat`);
    expect(refused).toEqual([]);
  });
}

test('a private page sends a signed-out visitor to login @desktop', async ({ page }) => {
  await skipSplash(page);
  await page.goto(url('/pages/album/album'));
  await expect(page).toHaveURL(url('/pages/login/login'));
});

test('an unknown address shows a not-found page', async ({ page }) => {
  await skipSplash(page);
  await page.goto(url('/pages/nowhere/nowhere'));
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test.describe('without the service worker', () => {
  // The worker keeps this build's files and fetches the missing ones itself, out of the page's
  // reach: the page must ask the network for the chunk for the story to cut it off.
  test.use({ serviceWorkers: 'block' });

  test('a page whose chunk fails to load offers Retry @desktop', async ({
    page,
    request,
  }, testInfo) => {
    const me = person('chk', testInfo);
    await registerViaApi(request, me);
    await skipSplash(page);
    await login(page, me.userName, me.password);
    let block = true;
    await page.route(/\/assets\/GradePage-.*\.js$/, (route) =>
      block ? route.abort() : route.continue(),
    );
    await page
      .getByRole('link', { name: /Upgrade|Favorites/ })
      .first()
      .isVisible();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/pages/grade/grade');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('The page could not be loaded')).toBeVisible();
    block = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('grade-status')).toBeVisible();
  });
});
