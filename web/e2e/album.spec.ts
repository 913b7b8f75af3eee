// Stories of the album: a member adds a photo (it waits for review, seen only by them), makes it
// private, looks at it full size and deletes it; a non-member is offered 'Upgrade now' before any
// file picker opens, and on someone else's album and profile strip. Screenshots of the album go
// to AMORA_SHOTS_DIR (390 px on the phone project, 1280 px on the desktop one).
import fs from 'node:fs';
import path from 'node:path';
import { type Locator, type Page, type TestInfo, expect, test } from '@playwright/test';
import { paths, profileHref } from '../src/lib/paths';
import { PHOTO, api, here, login, person, registerViaApi, skipSplash, toast, url } from './helpers';
import { canOperate, operator } from './operator';
import { buy } from './purchases';

const SHOTS = process.env.AMORA_SHOTS_DIR ?? path.join(here, 'screenshots', 'album');

async function albumShot(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${testInfo.project.name}-${name}.png`) });
}

/** Presses Tab until `target` has focus, as a person would, and checks focus is drawn. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses += 1) {
    const focused = await target.evaluate((el) => el === document.activeElement).catch(() => false);
    if (focused) {
      const drawn = await target.evaluate((el) => {
        const style = getComputedStyle(el);
        return el.matches(':focus-visible') && style.outlineStyle !== 'none';
      });
      expect(drawn, 'focus is drawn').toBe(true);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

interface Photo {
  id: number;
  state: string;
  isOpen: boolean;
}

const photoData = () => `data:image/png;base64,${fs.readFileSync(PHOTO).toString('base64')}`;

test('a member adds a photo, sees it under review, makes it private and deletes it', async ({
  page,
  request,
}, testInfo) => {
  const me = person('alb', testInfo);
  const { token } = await registerViaApi(request, me);
  await buy(request, token, 'vip-1m');
  await skipSplash(page);
  await login(page, me.userName, me.password);

  await page.goto(url(paths.album));
  await expect(page.getByRole('heading', { name: 'No photos yet' })).toBeVisible();
  await expect(page.getByTestId('album-count')).toHaveText('0 of 6 photos');
  await albumShot(page, testInfo, 'en-album-empty');

  // A member's Add opens the picker; the photo goes up with its progress shown.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Add photos/ }).click();
  await (await chooser).setFiles(PHOTO);
  await expect(toast(page, 'Photos added. They are under review.')).toBeVisible();
  const tile = page.getByTestId('album-photo');
  await expect(tile).toHaveCount(1);
  await expect(tile.getByTestId('photo-state')).toHaveText('Under review');
  await expect(page.getByTestId('review-note')).toHaveText(
    'Under review: only you see it until our team approves it.',
  );
  await expect(page.getByTestId('album-count')).toHaveText('1 of 6 photos');
  await expect(page.getByRole('button', { name: /Add photos/ })).toContainText('5 left');
  await albumShot(page, testInfo, 'en-album');

  // Full size, and back with Escape.
  await tile.click();
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 1' });
  await expect(viewer.getByTestId('album-full-photo')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Next photo' })).toBeDisabled();
  await albumShot(page, testInfo, 'en-album-viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Private: the photo stays under review, the choice is kept for when it is approved.
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await tile.click();
  await expect(tile).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 selected')).toBeVisible();
  await albumShot(page, testInfo, 'en-album-selecting');
  await page.getByRole('button', { name: 'Make private' }).click();
  await expect(toast(page, 'Photos under review take this setting once approved')).toBeVisible();
  const album = await api<{ rows: Photo[] }>(request, token, '/system/catalog/list');
  expect(album.rows.map((p) => [p.state, p.isOpen])).toEqual([['review', false]]);

  // Delete, confirmed first.
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await tile.click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the selected photos?' });
  await expect(confirm).toContainText('1 selected');
  await albumShot(page, testInfo, 'en-album-delete');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Photos deleted')).toBeVisible();
  await expect(page.getByTestId('album-photo')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No photos yet' })).toBeVisible();
  const after = await api<{ rows: Photo[] }>(request, token, '/system/catalog/list');
  expect(after.rows).toEqual([]);
});

test('an album holds six photos: the seventh is refused and Add is gone @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = person('alf', testInfo);
  const { token } = await registerViaApi(request, me);
  await buy(request, token, 'vip-1m');
  for (let i = 0; i < 6; i += 1) {
    await api(request, token, '/system/catalog/add', {
      method: 'POST',
      data: { images: [photoData()] },
    });
  }
  const res = await request.post(url('/prod-api/system/catalog/add'), {
    headers: { Authorization: `Bearer ${token}` },
    data: { images: [photoData()] },
  });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { msg: string }).msg).toBe('The album holds at most 6 photos');

  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url(paths.album));
  await expect(page.getByTestId('album-photo')).toHaveCount(6);
  await expect(page.getByRole('button', { name: /Add photos/ })).toHaveCount(0);
  await expect(page.getByText('Your album is full. Delete a photo to add another.')).toBeVisible();
  await albumShot(page, testInfo, 'en-album-full');
});

test('a non-member is offered Upgrade now before any file picker, and for other albums', async ({
  page,
  request,
}, testInfo) => {
  const me = person('aln', testInfo);
  await registerViaApi(request, me);
  // She is a member with a photo in her album.
  const her = person('alh', testInfo);
  const them = await registerViaApi(request, her);
  await buy(request, them.token, 'vip-1m');
  await api(request, them.token, '/system/catalog/add', {
    method: 'POST',
    data: { images: [photoData()] },
  });

  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url(paths.album));
  let pickerOpened = false;
  page.on('filechooser', () => {
    pickerOpened = true;
  });
  await page.getByRole('button', { name: /Add photos/ }).click();
  const upgrade = page.getByRole('dialog', { name: 'Albums are for members' });
  await expect(upgrade).toBeVisible();
  await expect(upgrade.getByRole('link', { name: 'Upgrade now' })).toHaveAttribute(
    'href',
    paths.recharge,
  );
  await albumShot(page, testInfo, 'en-album-upgrade');
  expect(pickerOpened).toBe(false);
  await upgrade.getByRole('button', { name: 'Not now' }).click();
  await expect(upgrade).toBeHidden();
  expect(pickerOpened).toBe(false);

  // Her album and the strip on her profile are for members too.
  await page.goto(url(`${paths.album}?userId=${them.userId}`));
  await expect(page.getByTestId('upgrade-panel')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Albums are for members' })).toBeVisible();
  await expect(page.getByTestId('album-photo')).toHaveCount(0);
  await albumShot(page, testInfo, 'en-their-album-upgrade');
  await page.goto(url(profileHref(them.userId)));
  const locked = page.getByTestId('album-locked');
  await expect(locked).toBeVisible();
  await expect(locked.getByRole('link', { name: 'Upgrade now' })).toBeVisible();
  await locked.scrollIntoViewIfNeeded();
  await albumShot(page, testInfo, 'en-profile-album-locked');
});

test('a member sees no photo of an album still under review, and no strip on the profile @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = person('alm', testInfo);
  const mine = await registerViaApi(request, me, { gender: 'male' });
  await buy(request, mine.token, 'vip-1m');
  const her = person('alw', testInfo);
  const them = await registerViaApi(request, her);
  await buy(request, them.token, 'vip-1m');
  await api(request, them.token, '/system/catalog/add', {
    method: 'POST',
    data: { images: [photoData()] },
  });

  await skipSplash(page);
  await login(page, me.userName, me.password);
  // Her photo waits for review: nobody but her sees it.
  await page.goto(url(`${paths.album}?userId=${them.userId}`));
  await expect(page.getByTestId('album-empty')).toHaveText(
    `${her.userName} has no open photos yet`,
  );
  await page.goto(url(profileHref(them.userId)));
  await expect(page.getByTestId('profile-name')).toHaveText(her.userName);
  await expect(page.getByTestId('album-strip')).toHaveCount(0);
  await expect(page.getByTestId('album-locked')).toHaveCount(0);
});

test('the album in Japanese @screens', async ({ page, request }, testInfo) => {
  const me = person('alj', testInfo);
  const { token } = await registerViaApi(request, me, { language: 'ja' });
  await buy(request, token, 'vip-1m');
  await api(request, token, '/system/catalog/add', {
    method: 'POST',
    data: { images: [photoData()] },
  });
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.evaluate(() =>
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Japanese', abbr: 'ja' })),
  );
  await page.goto(url(paths.album));
  await expect(page.getByTestId('photo-state')).toHaveText('審査中');
  await expect(page.getByTestId('review-note')).toBeVisible();
  await albumShot(page, testInfo, 'ja-album');
  await page.getByRole('button', { name: '選択', exact: true }).click();
  await page.getByTestId('album-photo').click();
  await page.getByRole('button', { name: '削除', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '選択した写真を削除しますか？' })).toBeVisible();
  await albumShot(page, testInfo, 'ja-album-delete');
});

test('with the keyboard alone a member views, makes private and deletes a photo @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = person('alk', testInfo);
  const { token } = await registerViaApi(request, me);
  await buy(request, token, 'vip-1m');
  await api(request, token, '/system/catalog/add', {
    method: 'POST',
    data: { images: [photoData()] },
  });
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url(paths.album));
  const tile = page.getByTestId('album-photo');
  await expect(tile).toHaveCount(1);

  await tabTo(page, tile);
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 1' });
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(tile).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Select', exact: true }));
  await page.keyboard.press('Enter');
  await tabTo(page, tile);
  await page.keyboard.press('Space');
  await expect(tile).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, page.getByRole('button', { name: 'Make private' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Photos under review take this setting once approved')).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Select', exact: true }));
  await page.keyboard.press('Enter');
  await tabTo(page, tile);
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Delete', exact: true }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete the selected photos?' });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Delete', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('album-photo')).toHaveCount(0);
});

test('once approved, members see her open photos on her profile and full size, never the private', async ({
  page,
  request,
}, testInfo) => {
  test.skip(!canOperate(), 'making someone staff needs the server the stories started');
  const her = person('alo', testInfo);
  const them = await registerViaApi(request, her);
  await buy(request, them.token, 'vip-1m');
  const added = await api<{ rows: Photo[] }>(request, them.token, '/system/catalog/add', {
    method: 'POST',
    data: { images: [photoData(), photoData()] },
  });
  const [shown, hidden] = added.rows;
  // Staff approve both from the review queue; she keeps the second one private.
  const staff = person('als', testInfo);
  const { token: staffToken } = await registerViaApi(request, staff);
  operator(['user', 'admin', '--email', staff.email]);
  for (const photo of added.rows) {
    await api(request, staffToken, `/admin/review/photo/${photo.id}`, {
      method: 'POST',
      data: { decision: 'approve' },
    });
  }
  const res = await request.put(
    url(`/prod-api/system/catalog/editIsOpen?ids=${hidden?.id}&isOpen=false`),
    { headers: { Authorization: `Bearer ${them.token}` } },
  );
  expect(res.status()).toBe(200);
  const hers = await api<{ rows: Photo[] }>(request, them.token, '/system/catalog/list');
  expect(hers.rows.map((p) => p.state)).toEqual(['open', 'private']);

  const me = person('alv', testInfo);
  const mine = await registerViaApi(request, me, { gender: 'male' });
  await buy(request, mine.token, 'vip-1m');
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url(profileHref(them.userId)));
  const strip = page.getByTestId('album-strip');
  await expect(strip.getByRole('img')).toHaveCount(1);
  await expect(strip.getByRole('img')).toHaveAttribute('alt', `Photo 1 of ${her.userName}`);
  await strip.scrollIntoViewIfNeeded();
  await albumShot(page, testInfo, 'en-profile-album-strip');
  await strip.getByRole('link', { name: `Photo 1 of ${her.userName}` }).click();
  await expect(page).toHaveURL(url(`${paths.album}?userId=${them.userId}&photo=${shown?.id}`));
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 1' });
  await expect(viewer.getByTestId('album-full-photo')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('heading', { level: 1, name: `${her.userName}'s album` }),
  ).toBeVisible();
  await expect(page.getByTestId('album-photo')).toHaveCount(1);
  // No state badges on someone else's photos: they are all open.
  await expect(page.getByTestId('photo-state')).toHaveCount(0);
});

test('in Russian, each photo has its own open/private switch, and a private photo under review shows both marks', async ({
  page,
  request,
}, testInfo) => {
  const me = person('alr', testInfo);
  const { token } = await registerViaApi(request, me, { language: 'ru' });
  await buy(request, token, 'vip-1m');
  await api(request, token, '/system/catalog/add', {
    method: 'POST',
    data: { images: [photoData(), photoData()] },
  });
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.evaluate(() =>
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Russian', abbr: 'ru' })),
  );
  await page.goto(url(paths.album));
  const tiles = page.getByTestId('album-photo');
  await expect(tiles).toHaveCount(2);
  await expect(tiles.first().getByTestId('photo-mark')).toHaveText(['На проверке']);

  // One tap on the first photo's switch, no Select mode: private, and both marks show.
  const first = page.getByRole('switch', { name: 'Фото 1: закрыто' });
  await expect(first).toHaveAttribute('aria-checked', 'false');
  await first.click();
  await expect(first).toHaveAttribute('aria-checked', 'true');
  await expect(tiles.first().getByTestId('photo-mark')).toHaveText(['На проверке', 'Закрыто']);
  await expect(tiles.nth(1).getByTestId('photo-mark')).toHaveText(['На проверке']);
  const album = await api<{ rows: Photo[] }>(request, token, '/system/catalog/list');
  expect(album.rows.map((p) => [p.state, p.isOpen])).toEqual([
    ['review', false],
    ['review', true],
  ]);
  await albumShot(page, testInfo, 'ru-album-private-switch');

  // From the keyboard too, and back to open.
  await first.focus();
  await page.keyboard.press('Space');
  await expect(first).toHaveAttribute('aria-checked', 'false');
  await expect(tiles.first().getByTestId('photo-mark')).toHaveText(['На проверке']);
});
