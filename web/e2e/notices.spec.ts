// Stories of what the Amora team publishes and what the web app tells the team: announcements in
// the reader's language, the update prompt for a newer web version (put off with Later; a
// mandatory one blocks the app), the download page, and the page's own errors reported to the
// server. Screenshots go to AMORA_SHOTS_DIR (390 px phone, 1280 px desktop).
//
// The update stories answer the version list in the browser (page.route): a newer web version
// published on the shared server would put the update prompt over every other story of the run.
// The download story publishes real versions that never prompt (older, or another platform).
import fs from 'node:fs';
import path from 'node:path';
import { type Page, type TestInfo, expect, test } from '@playwright/test';
import { paths } from '../src/lib/paths';
import { VERSION } from '../src/lib/version';
import { here, login, person, registerViaApi, skipSplash, url } from './helpers';
import { canOperate, operator, sql } from './operator';

const SHOTS = process.env.AMORA_SHOTS_DIR ?? path.join(here, 'screenshots', 'album');

async function noticeShot(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${testInfo.project.name}-${name}.png`) });
}

interface Version {
  version: string;
  platform: string;
  notes: string;
  url: string | null;
  mandatory: boolean;
  releasedAt: string;
}

function webVersion(version: string, extra: Partial<Version> = {}): Version {
  return {
    version,
    platform: 'web',
    notes: `Faster chat.\nA new album page.`,
    url: null,
    mandatory: false,
    releasedAt: '2026-11-25 08:00:00',
    ...extra,
  };
}

/** The version list the page gets, as the server's envelope. */
async function listVersions(page: Page, versions: Version[]) {
  await page.unroute('**/prod-api/system/table/software/list');
  await page.route('**/prod-api/system/table/software/list', (route) =>
    route.fulfill({ json: { code: 200, msg: 'OK', data: versions } }),
  );
}

async function toJapanese(page: Page) {
  await page.evaluate(() =>
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Japanese', abbr: 'ja' })),
  );
}

test('the Bulletin shows the announcements in the reader language, long ones folded', async ({
  page,
  request,
}, testInfo) => {
  test.skip(!canOperate(), 'publishing a notice needs the server data this run started');
  const stamp = `${testInfo.project.name}${Date.now().toString(36)}`;
  const title = `Summer party ${stamp}`;
  operator([
    'notice',
    'add',
    '--title',
    title,
    '--body',
    'Join us on Saturday.\nDoors open at 7 pm.\nhttps://example.com/party',
  ]);
  const list = (await (await request.get(url('/prod-api/system/notice/list'))).json()) as {
    data: { rows: { id: number; title: string }[] };
  };
  const id = list.data.rows.find((n) => n.title === title)?.id;
  expect(id).toBeDefined();
  operator([
    'notice',
    'add',
    '--of',
    String(id),
    '--language',
    'ja',
    '--title',
    `夏のパーティー ${stamp}`,
    '--body',
    '土曜日に集まりましょう。\n開場は午後7時です。',
  ]);
  const longTitle = `House rules ${stamp}`;
  operator([
    'notice',
    'add',
    '--title',
    longTitle,
    '--body',
    Array.from({ length: 12 }, (_, i) => `Rule ${i + 1}: be kind to everyone you meet.`).join('\n'),
  ]);

  const me = person('blt', testInfo);
  await registerViaApi(request, me);
  await skipSplash(page);
  await login(page, me.userName, me.password);
  // Settings leads to the announcements (phones have no Activity tab).
  await page.goto(url(paths.settings));
  await page.getByRole('link', { name: 'Announcements' }).click();
  await expect(page).toHaveURL(url(paths.bulletin));
  await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();

  const party = page.getByTestId('notice').filter({ hasText: title });
  await expect(party.getByRole('heading', { name: title })).toBeVisible();
  // Plain text: line breaks kept, the address is not a link.
  const body = await party.locator('.notice-body').innerText();
  expect(body).toBe('Join us on Saturday.\nDoors open at 7 pm.\nhttps://example.com/party');
  await expect(party.getByRole('link')).toHaveCount(0);
  // Newest first.
  await expect(page.getByTestId('notice').first()).toContainText(longTitle);

  const rules = page.getByTestId('notice').filter({ hasText: longTitle });
  const more = rules.getByRole('button', { name: 'Read more' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  const folded = await rules.locator('.notice-body').evaluate((el) => el.clientHeight);
  await noticeShot(page, testInfo, 'en-bulletin');
  await more.click();
  await expect(rules.getByRole('button', { name: 'Show less' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const open = await rules.locator('.notice-body').evaluate((el) => el.clientHeight);
  expect(open).toBeGreaterThan(folded);
  await expect(rules).toContainText('Rule 12: be kind');

  // In Japanese the notice reads in Japanese; one without a translation keeps its first text.
  await toJapanese(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: `夏のパーティー ${stamp}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: longTitle })).toBeVisible();
  await noticeShot(page, testInfo, 'ja-bulletin');
});

test('a newer web version is offered until Later, and again for a newer one @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = person('upd', testInfo);
  await registerViaApi(request, me);
  await skipSplash(page);
  await listVersions(page, [webVersion('1.0.17'), webVersion('9.0.0', { platform: 'android' })]);
  // Not on the login page: the check starts once signed in.
  await page.goto(url(paths.login));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await login(page, me.userName, me.password);

  const prompt = page.getByRole('dialog', { name: 'Version 1.0.17 is available' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(`You have version ${VERSION}.`);
  await expect(prompt.locator('.update-note-text')).toHaveText('Faster chat.\nA new album page.', {
    useInnerText: true,
  });
  await noticeShot(page, testInfo, 'en-update-prompt');
  await prompt.getByRole('button', { name: 'Later' }).click();
  await expect(prompt).toBeHidden();

  // Later is remembered for that version.
  await page.reload();
  await expect(page.getByTestId('person-card').first()).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // An hour later a newer version is out: it is offered.
  await listVersions(page, [webVersion('1.0.18'), webVersion('1.0.17')]);
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('updateCheck') ?? '{}') as { at?: number };
    localStorage.setItem('updateCheck', JSON.stringify({ ...stored, at: 0 }));
  });
  await page.reload();
  const newer = page.getByRole('dialog', { name: 'Version 1.0.18 is available' });
  await expect(newer).toBeVisible();
  await expect(newer.getByText('Version 1.0.17', { exact: true })).toBeVisible();

  // Update now reloads the app.
  await page.evaluate(() => {
    (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
  });
  await Promise.all([
    page.waitForEvent('load'),
    newer.getByRole('button', { name: 'Update now' }).click(),
  ]);
  expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
});

test('a mandatory version blocks the app until it reloads', async ({ page, request }, testInfo) => {
  const me = person('man', testInfo);
  await registerViaApi(request, me);
  await skipSplash(page);
  await listVersions(page, [webVersion('1.0.18'), webVersion('1.0.17', { mandatory: true })]);
  await login(page, me.userName, me.password);

  const blocking = page.getByRole('dialog', { name: 'Please update to version 1.0.18' });
  await expect(blocking).toBeVisible();
  await expect(blocking).toContainText('This update is needed to keep using Amora.');
  await expect(blocking.getByRole('button', { name: 'Later' })).toHaveCount(0);
  await noticeShot(page, testInfo, 'en-update-mandatory');

  // Neither Escape (twice: Chromium closes a dialog on a repeated Escape) nor the backdrop close it.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.mouse.click(3, 3);
  await expect(blocking).toBeVisible();
  // The app behind it cannot be used: a tap anywhere lands on the dialog, focus stays in it.
  const tapLandsOnDialog = await page.evaluate(
    () => document.elementFromPoint(5, window.innerHeight - 5)?.closest('dialog[open]') != null,
  );
  expect(tapLandsOnDialog).toBe(true);
  const focusInside = await page.evaluate(
    () => document.activeElement?.closest('dialog[open]') != null,
  );
  expect(focusInside).toBe(true);

  // A reload alone does not get rid of it while the update is not installed.
  await page.reload();
  await expect(blocking).toBeVisible();
  await Promise.all([
    page.waitForEvent('load'),
    blocking.getByRole('button', { name: 'Update now' }).click(),
  ]);
});

test('the upgrade page shows the update offer as a page @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = person('upp', testInfo);
  await registerViaApi(request, me);
  await skipSplash(page);
  await listVersions(page, []);
  await login(page, me.userName, me.password);
  await page.goto(url(paths.upgradePopup));
  await expect(page.getByTestId('up-to-date')).toContainText(
    `You have the latest version, ${VERSION}.`,
  );

  await listVersions(page, [webVersion('1.0.17')]);
  await page.evaluate(() => localStorage.removeItem('updateCheck'));
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Version 1.0.17 is available' }),
  ).toBeVisible();
  // The page is the offer: no dialog over it.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await noticeShot(page, testInfo, 'en-upgrade-page');
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(page).toHaveURL(url(paths.root));
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the download page shows this version, the released ones and how to install', async ({
  page,
  request,
}, testInfo) => {
  test.skip(!canOperate(), 'publishing a version needs the server data this run started');
  // Versions that never prompt anyone: an older web one and another platform's.
  const older = `1.0.${testInfo.project.name === 'phone' ? 14 : 15}`;
  operator(['version', 'add', '--version', older, '--platform', 'web', '--notes', 'Bug fixes.']);
  operator([
    'version',
    'add',
    '--version',
    `3.1.${testInfo.project.name === 'phone' ? 1 : 2}`,
    '--platform',
    'android',
    '--notes',
    'The Android app.\nNotifications for every message.',
    '--url',
    'https://example.com/amora.apk',
  ]);
  const me = person('dwn', testInfo);
  await registerViaApi(request, me);
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url(paths.settings));
  await page.getByRole('link', { name: 'Get the app' }).click();
  await expect(page).toHaveURL(url(paths.download));
  await expect(page.getByTestId('current-version')).toHaveText(`You have version ${VERSION}.`);
  await expect(page.getByText('Amora is up to date')).toBeVisible();
  const list = page.getByTestId('version-list');
  await expect(list.getByText(`Version ${older}`)).toBeVisible();
  const android = list.getByRole('listitem').filter({ hasText: 'Android' }).first();
  await expect(android).toContainText('Notifications for every message.');
  await expect(android.getByRole('link', { name: 'Download' })).toHaveAttribute(
    'href',
    'https://example.com/amora.apk',
  );
  // The browser's install offer when it makes one; otherwise the steps for iPhone and iPad.
  const offer = page.getByTestId('install-app');
  const steps = page.getByRole('heading', { name: 'On iPhone and iPad' });
  await expect(offer.or(steps).first()).toBeVisible();
  await noticeShot(page, testInfo, 'en-download');

  await toJapanese(page);
  await page.reload();
  await expect(page.getByTestId('current-version')).toHaveText(
    `現在のバージョンは ${VERSION} です。`,
  );
  await noticeShot(page, testInfo, 'ja-download');
});

test('the update prompt in Japanese @desktop', async ({ page, request }, testInfo) => {
  const me = person('upj', testInfo);
  await registerViaApi(request, me);
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await toJapanese(page);
  await listVersions(page, [webVersion('1.0.17')]);
  await page.evaluate(() => localStorage.removeItem('updateCheck'));
  await page.reload();
  const prompt = page.getByRole('dialog', { name: 'バージョン 1.0.17 が利用可能です' });
  await expect(prompt).toBeVisible();
  await noticeShot(page, testInfo, 'ja-update-prompt');
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await listVersions(page, [webVersion('1.0.18', { mandatory: true })]);
  await page.evaluate(() => localStorage.removeItem('updateCheck'));
  await page.reload();
  await expect(
    page.getByRole('dialog', { name: 'バージョン 1.0.18 に更新してください' }),
  ).toBeVisible();
  await noticeShot(page, testInfo, 'ja-update-mandatory');
});

test('an error thrown in the page reaches the server, five at most, each once', async ({
  page,
}, testInfo) => {
  const fault = `The album grid broke on the ${testInfo.project.name}`;
  const reports: { message: string; url: string; userAgent?: string }[] = [];
  const statuses: number[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/prod-api/system/error/html/add')) {
      statuses.push(res.status());
      reports.push(JSON.parse(res.request().postData() ?? '{}'));
    }
  });
  await skipSplash(page);
  // Signed out: a report needs no session.
  await page.goto(url(paths.rules));
  await expect(page.locator('h1').first()).toBeVisible();
  const first = page.waitForResponse((r) => r.url().endsWith('/prod-api/system/error/html/add'));
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    });
  }, fault);
  const answer = await first;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { code: number }).code).toBe(200);
  expect(reports[0]).toMatchObject({ message: `Error: ${fault}`, url: url(paths.rules) });
  expect(reports[0]?.userAgent).toBeTruthy();

  // A rejected promise nobody caught is reported too.
  const second = page.waitForResponse((r) => r.url().endsWith('/prod-api/system/error/html/add'));
  await page.evaluate(() => {
    void Promise.reject(new Error('Nobody caught this'));
  });
  expect((await second).request().postDataJSON()).toMatchObject({
    message: 'Error: Nobody caught this',
  });

  // The same fault again is not; of six more faults, three make the five reports of a page.
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    });
    for (let i = 0; i < 6; i += 1) {
      setTimeout(() => {
        throw new Error(`Fault ${i}`);
      });
    }
  }, fault);
  await page.waitForTimeout(1500);
  const messages = reports.map((r) => r.message);
  expect(messages).toHaveLength(5);
  expect(messages.slice(0, 2)).toEqual([`Error: ${fault}`, 'Error: Nobody caught this']);
  expect(new Set(messages).size).toBe(5);
  expect(messages.slice(2).every((m) => /^Error: Fault \d$/.test(m))).toBe(true);
  expect(statuses.every((s) => s === 200)).toBe(true);
  // No toast told the person anything.
  await expect(page.getByTestId('toast')).toHaveCount(0);

  // The server kept it, with no account (the visitor was signed out). Read where an operator
  // would, when the stories started the server themselves.
  if (canOperate()) {
    const kept = sql<{ message: string; url: string; user_id: number | null }>(
      `SELECT message, url, user_id FROM client_errors WHERE message = 'Error: ${fault}'`,
    );
    expect(kept).toEqual([{ message: `Error: ${fault}`, url: url(paths.rules), user_id: null }]);
  }
});
