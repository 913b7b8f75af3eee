// Stories of people meeting people: discover and its filters, likes, the member-only lists,
// profiles with remarks, blocking and reporting. The server runs in demo mode: sixty demo
// profiles, and the demo member (demo / demo1234) whom many of them liked and visited.
import { type Page, type Response, expect, test } from '@playwright/test';
import {
  PHOTO,
  api,
  login,
  person,
  registerViaApi,
  shot,
  skipSplash,
  toast,
  tokenOf,
  url,
} from './helpers';
import { buy } from './purchases';

interface Card {
  userId: number;
  userName: string;
  gender: string;
  country: string;
}

const DEMO = { userName: 'demo', password: 'demo1234' };

const cards = (page: Page) => page.getByTestId('person-card');
const cardOf = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByTestId('person-name').getByText(name, { exact: true }) });

function discoverAnswer(res: Response) {
  return res.url().includes('/prod-api/system/user/profile/homePage/all') && res.ok();
}

interface PeoplePage {
  rows: Card[];
  total: number;
  nextPageToken: string | null;
}

async function pageOf(res: Response): Promise<PeoplePage> {
  return ((await res.json()) as { data: PeoplePage }).data;
}

/** The count line above a list, as the server's total reads in English. */
const countLine = (total: number) =>
  total >= 1000 ? '1,000+ people' : total === 1 ? '1 person' : `${total} people`;

async function useJapanese(page: Page) {
  await page.evaluate(() =>
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Japanese', abbr: 'ja' })),
  );
}

test('discover shows people of the other gender, and a filter narrows them down @screens', async ({
  page,
  request,
}, testInfo) => {
  const me = person('dsc', testInfo);
  await registerViaApi(request, me);
  const carlos = person('carlos', testInfo);
  await registerViaApi(request, carlos, {
    gender: 'male',
    country: 'Spain',
    birthday: '1990-02-03',
  });

  await skipSplash(page);
  const firstPage = page.waitForResponse(discoverAnswer);
  await login(page, me.userName, me.password);
  const { rows, total } = await pageOf(await firstPage);
  expect(rows.length).toBeGreaterThan(3);
  await expect(page.getByTestId('people-count')).toHaveText(countLine(total));
  expect(rows.every((r) => r.gender === 'male')).toBe(true);
  await expect(cards(page).first()).toBeVisible();
  await expect(cardOf(page, carlos.userName)).toBeVisible();
  expect(new Set(rows.map((r) => r.country)).size).toBeGreaterThan(1);

  await page.getByTestId('open-filters').click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet.getByRole('radio', { name: 'Men', exact: true })).toBeChecked();
  await sheet.getByLabel('Country').selectOption('Spain');
  await sheet.getByLabel('From', { exact: true }).fill('30');
  await sheet.getByLabel('To', { exact: true }).fill('45');
  const filtered = page.waitForResponse(
    (res) => discoverAnswer(res) && res.url().includes('country=Spain'),
  );
  await sheet.getByRole('button', { name: 'Show people' }).click();
  const { rows: spanish, total: spanishTotal } = await pageOf(await filtered);
  expect(spanish.length).toBeGreaterThan(0);
  await expect(page.getByTestId('people-count')).toHaveText(countLine(spanishTotal));
  expect(spanish.length).toBeLessThan(rows.length);
  expect(spanish.every((r) => r.country === 'Spain' && r.gender === 'male')).toBe(true);
  await expect(cardOf(page, carlos.userName)).toBeVisible();
  await expect(cards(page)).toHaveCount(spanish.length);
  for (const place of await cards(page).locator('.person-place').allTextContents()) {
    expect(place).toContain('Spain');
  }
  const chips = page.getByTestId('filter-chips');
  await expect(chips.getByRole('button', { name: /Spain/ })).toBeVisible();
  await expect(chips.getByRole('button', { name: /Age 30–45/ })).toBeVisible();

  // The filters are remembered on this device.
  await page.reload();
  await expect(chips.getByRole('button', { name: /Spain/ })).toBeVisible();
  await expect(cardOf(page, carlos.userName)).toBeVisible();

  // Taking a filter off widens the search again.
  await chips.getByRole('button', { name: /Spain/ }).click();
  await expect(chips.getByRole('button', { name: /Spain/ })).toBeHidden();
  await expect(cards(page)).not.toHaveCount(spanish.length);
});

test('a heart on a card likes the person, and they appear in My Favourite', async ({
  page,
  request,
}, testInfo) => {
  const me = person('lik', testInfo);
  await registerViaApi(request, me);
  const ken = person('ken', testInfo);
  await registerViaApi(request, ken, { gender: 'male', country: 'Canada' });

  await skipSplash(page);
  await login(page, me.userName, me.password);
  const heart = cardOf(page, ken.userName).getByRole('button', { name: `Like ${ken.userName}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('tab-favourite').click();
  await expect(page).toHaveURL(url('/pages/index/index?tab=favourite'));
  const card = cardOf(page, ken.userName);
  await expect(card).toBeVisible();
  await expect(card).toContainText('You liked them now');
  await expect(card.getByRole('button', { name: `Like ${ken.userName}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a like returned is a match @desktop', async ({ page, request }, testInfo) => {
  const me = person('mat', testInfo);
  const { userId } = await registerViaApi(request, me);
  const leo = person('leo', testInfo);
  const him = await registerViaApi(request, leo, { gender: 'male', country: 'Germany' });
  await api(request, him.token, `/system/like/opera/${userId}`);

  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url(`/pages/homepage/homepage?userId=${him.userId}`));
  await page.getByTestId('like-button').click();
  const match = page.getByRole('dialog', { name: "It's a match!" });
  await expect(match).toContainText(`You and ${leo.userName} like each other`);
  await expect(match.getByRole('button', { name: 'Say hi' })).toBeVisible();
  await match.getByRole('button', { name: 'Keep browsing' }).click();
  await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Match', { exact: true })).toBeVisible();
});

test('a non-member sees how many people are waiting behind Upgrade now', async ({
  page,
  request,
}, testInfo) => {
  const me = person('non', testInfo);
  const { userId } = await registerViaApi(request, me);
  for (const [i, country] of ['Spain', 'Britain'].entries()) {
    const admirer = await registerViaApi(request, person(`adm${i}`, testInfo), {
      gender: 'male',
      country,
    });
    await api(request, admirer.token, `/system/like/opera/${userId}`);
    if (i === 0)
      await api(request, admirer.token, `/system/user/profile/homePage?userId=${userId}`);
  }

  await skipSplash(page);
  await login(page, me.userName, me.password);
  await expect(page.getByTestId('tab-wink').getByTestId('count-badge')).toHaveText('2');
  await expect(page.getByTestId('tab-footprints').getByTestId('count-badge')).toHaveText('1');

  await page.getByTestId('tab-wink').click();
  const panel = page.getByTestId('upgrade-panel');
  await expect(panel.getByRole('heading', { name: '2 people liked you' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Upgrade now' })).toHaveAttribute(
    'href',
    '/pages/recharge/recharge',
  );
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(cards(page)).toHaveCount(0);

  await page.getByTestId('tab-footprints').click();
  await expect(panel.getByRole('heading', { name: '1 person visited your profile' })).toBeVisible();
  await shot(page, testInfo, 'en-footprints-upgrade');
  await panel.getByRole('link', { name: 'Upgrade now' }).click();
  await expect(page).toHaveURL(url('/pages/recharge/recharge'));

  await page.goto(url('/pages/index/index?tab=wink'));
  await useJapanese(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: '2人があなたにいいねしました' })).toBeVisible();
  await expect(page.getByRole('link', { name: '今すぐアップグレード' })).toBeVisible();
  await shot(page, testInfo, 'ja-wink-upgrade');
});

test('a non-member opens Discover all day without a false lock-out, then meets Upgrade now @desktop', async ({
  page,
  request,
}, testInfo) => {
  // The e2e server allows 30 different people a day (global-setup.ts); a man sees the forty
  // demo women and every woman the stories registered.
  const me = person('cap', testInfo);
  await registerViaApi(request, me, { gender: 'male', country: 'Canada' });
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await expect(cards(page)).toHaveCount(20);
  const first = await cards(page).first().getAttribute('data-user-id');

  // Coming back to Discover again and again shows the same people, never "seen everyone".
  for (let visit = 0; visit < 5; visit++) {
    await page.reload();
    await expect(cards(page)).toHaveCount(20);
    await expect(cards(page).first()).toHaveAttribute('data-user-id', first ?? '');
    await expect(page.getByTestId('upgrade-panel')).toHaveCount(0);
  }

  // Scrolling on meets the allowance after thirty different people.
  const panel = page.getByTestId('upgrade-panel');
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(panel).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(cards(page)).toHaveCount(30);
  await expect(
    panel.getByRole('heading', { name: "You've seen everyone for today" }),
  ).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Upgrade now' })).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(0);

  // The people already seen today stay free to see again.
  await page.reload();
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByTestId('upgrade-panel')).toHaveCount(0);
});

test('hearts show whom I already like, and liking back never takes a like away', async ({
  page,
  request,
}, testInfo) => {
  const me = person('hrt', testInfo);
  const { userId, token } = await registerViaApi(request, me);
  const ken = person('ken', testInfo);
  const him = await registerViaApi(request, ken, { gender: 'male', country: 'Spain' });
  await api(request, token, `/system/like/opera/${him.userId}`);

  // Discover in a browser that never saw my like: the heart says it.
  await skipSplash(page);
  await login(page, me.userName, me.password);
  const heart = cardOf(page, ken.userName).getByRole('button', { name: `Like ${ken.userName}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  // He likes me back; on his phone, an old page still shows my card with an empty heart. Tapping
  // the stale heart asks for a like, which the server keeps (it never flips it away).
  await api(request, him.token, `/system/like/opera/${userId}`);
  const stale = await api<{ liked: boolean }>(
    request,
    him.token,
    `/system/like/opera/${userId}?like=true`,
  );
  expect(stale.liked).toBe(true);

  // Taking my like back, then liking again, does exactly what the heart shows.
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
});

test('Wink Me shows the hearts I already gave, and a heart there likes back @desktop', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, DEMO.userName, DEMO.password);
  await skipSplash(page);
  await login(page, DEMO.userName, DEMO.password);
  const answer = page.waitForResponse(
    (res) => res.url().includes('/prod-api/system/like/likeMe') && res.ok(),
  );
  await page.getByTestId('tab-wink').click();
  const rows = ((await (await answer).json()) as { data: { rows: (Card & { liked: boolean })[] } })
    .data.rows;
  expect(rows.some((r) => r.liked)).toBe(true);
  expect(rows.some((r) => !r.liked)).toBe(true);
  for (const row of rows.slice(0, 8)) {
    const card = cards(page).and(page.locator(`[data-user-id="${row.userId}"]`));
    await expect(card.getByTestId('like-button')).toHaveAttribute(
      'aria-pressed',
      String(row.liked),
    );
  }

  // Like one back: a match, and the server agrees; then leave the demo as it was.
  const back = rows.find((r) => !r.liked);
  if (!back) throw new Error('every admirer is liked already');
  const heart = cards(page)
    .and(page.locator(`[data-user-id="${back.userId}"]`))
    .getByTestId('like-button');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  const state = await api<{ liked: boolean; mutual: boolean }>(
    request,
    token,
    `/system/like/opera/${back.userId}?like=true`,
  );
  expect(state).toEqual({ liked: true, mutual: true });
  await api(request, token, `/system/like/opera/${back.userId}?like=false`);
});

test('scrolling Discover goes on where the last page ended, and shows nobody twice', async ({
  page,
}) => {
  const asked: URL[] = [];
  const answers: Promise<PeoplePage>[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/prod-api/system/user/profile/homePage/all')) {
      asked.push(new URL(req.url()));
    }
  });
  page.on('response', (res) => {
    if (discoverAnswer(res)) answers.push(pageOf(res));
  });
  await skipSplash(page);
  const firstPage = page.waitForResponse(discoverAnswer);
  await login(page, DEMO.userName, DEMO.password);
  const first = await pageOf(await firstPage);
  expect(first.nextPageToken).toBeTruthy();

  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(page.getByText("That's everything")).toBeVisible({ timeout: 1000 });
  }).toPass();
  expect(asked.length).toBeGreaterThan(1);
  expect(asked[0]?.searchParams.has('pageToken')).toBe(false);
  expect(asked.slice(1).every((u) => u.searchParams.get('pageToken'))).toBe(true);
  expect(asked.some((u) => u.searchParams.has('pageNum'))).toBe(false);
  const shown = (await Promise.all(answers)).flatMap((p) => p.rows.map((r) => r.userId));
  expect(new Set(shown).size).toBe(shown.length);
  await expect(cards(page)).toHaveCount(shown.length);
});

test('a member sees who winked and who visited, with when @desktop', async ({ page }) => {
  await skipSplash(page);
  await login(page, DEMO.userName, DEMO.password);
  const winks = page.waitForResponse(
    (res) => res.url().includes('/prod-api/system/like/likeMe') && res.ok(),
  );
  await page.getByTestId('tab-wink').click();
  await expect(page.getByTestId('people-count')).toHaveText(
    countLine((await pageOf(await winks)).total),
  );
  await expect(cards(page).first()).toBeVisible();
  await expect(cards(page).first()).toContainText(/Liked you (now|\d+ (minute|hour)s? ago)/);
  await expect(page.getByTestId('upgrade-panel')).toHaveCount(0);
  await expect(page.getByTestId('tab-wink').getByTestId('count-badge')).toHaveCount(0);

  await page.getByTestId('tab-footprints').click();
  await expect(cards(page).first()).toContainText(/Visited you/);
  await expect(page.getByTestId('upgrade-panel')).toHaveCount(0);
});

test('a private remark shows instead of the name, on the profile and on the card', async ({
  page,
  request,
}, testInfo) => {
  const me = person('rem', testInfo);
  await registerViaApi(request, me);
  const tom = person('tom', testInfo);
  await registerViaApi(request, tom, {
    gender: 'male',
    country: 'Australia',
    signature: 'Surfing at sunrise, coffee after.',
  });

  await skipSplash(page);
  await login(page, me.userName, me.password);
  await cardOf(page, tom.userName).getByRole('link').click();
  await expect(page).toHaveURL(/\/pages\/homepage\/homepage\?userId=\d+$/);
  const profile = page.getByTestId('profile');
  await expect(profile.getByTestId('profile-name')).toHaveText(tom.userName);
  await expect(profile).toContainText('Surfing at sunrise, coffee after.');
  await expect(profile).toContainText('Australia');
  await expect(page.getByTestId('presence')).toHaveText('Online now');

  await page.getByRole('button', { name: 'Edit remark' }).click();
  const dialog = page.getByRole('dialog', { name: 'Private remark' });
  await dialog.getByLabel('Remark').fill('Tom the surfer');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Remark saved')).toBeVisible();
  await expect(profile.getByTestId('profile-name')).toHaveText('Tom the surfer');
  await expect(profile.getByTestId('profile-real-name')).toHaveText(
    `Profile name: ${tom.userName}`,
  );

  await page.getByRole('button', { name: 'Add to contacts' }).click();
  await expect(toast(page, `Tom the surfer is now in your contacts`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from contacts' })).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(cardOf(page, 'Tom the surfer')).toBeVisible();
  await expect(cardOf(page, tom.userName)).toHaveCount(0);
  // The server remembers it too.
  await page.reload();
  await expect(cardOf(page, 'Tom the surfer')).toBeVisible();
});

test('blocking asks first, then the person is gone until unblocked @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = person('blk', testInfo);
  await registerViaApi(request, me);
  const max = person('max', testInfo);
  await registerViaApi(request, max, { gender: 'male', country: 'Germany' });

  await skipSplash(page);
  await login(page, me.userName, me.password);
  await cardOf(page, max.userName).getByRole('link').click();
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('button', { name: 'Block' }).click();
  const confirm = page.getByRole('dialog', { name: `Block ${max.userName}?` });
  await expect(confirm).toContainText('You will no longer see each other');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('profile')).toBeVisible();

  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('button', { name: 'Block' }).click();
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(toast(page, `${max.userName} has been blocked`)).toBeVisible();
  await expect(page).toHaveURL(url('/'));
  await expect(cards(page).first()).toBeVisible();
  await expect(cardOf(page, max.userName)).toHaveCount(0);
  await page.reload();
  await expect(cards(page).first()).toBeVisible();
  await expect(cardOf(page, max.userName)).toHaveCount(0);

  await page.goto(url('/pages/settings/settings'));
  await page.getByRole('link', { name: 'Blocked people' }).click();
  await expect(page).toHaveURL(url('/pages/settings/settings?view=blocked'));
  const row = page.getByTestId('blocked-row').filter({ hasText: max.userName });
  await expect(row).toContainText('Germany');
  await row.getByRole('button', { name: 'Unblock' }).click();
  const unblock = page.getByRole('dialog', { name: `Unblock ${max.userName}?` });
  await unblock.getByRole('button', { name: 'Unblock' }).click();
  await expect(toast(page, `${max.userName} has been unblocked`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
});

test('a report needs a reason, takes screenshots and is confirmed before it is sent', async ({
  page,
  request,
}, testInfo) => {
  const me = person('rep', testInfo);
  await registerViaApi(request, me);
  const spammer = person('spm', testInfo);
  const { userId } = await registerViaApi(request, spammer, { gender: 'male', country: 'Russia' });

  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url(`/pages/homepage/homepage?userId=${userId}`));
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('button', { name: 'Report' }).click();
  const form = page.getByRole('dialog', { name: `Report ${spammer.userName}` });
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByText('Please choose a reason')).toBeVisible();

  await form.getByText('Fake profile').click();
  await form.getByLabel('Details').fill('The photos belong to a celebrity.');
  await form.getByTestId('report-screenshot-input').setInputFiles(PHOTO);
  await expect(form.getByRole('img', { name: 'Screenshot 1' })).toBeVisible();
  await shot(page, testInfo, 'en-report');
  await form.getByRole('button', { name: 'Send report' }).click();

  const confirm = page.getByRole('dialog', { name: 'Send this report?' });
  await expect(confirm).toContainText(spammer.userName);
  const sent = page.waitForRequest((req) => req.url().endsWith('/prod-api/system/form/add'));
  await confirm.getByRole('button', { name: 'Send report' }).click();
  const body = (await sent).postDataJSON() as {
    userId: number;
    reason: string;
    content: string;
    images: string[];
  };
  expect(body).toMatchObject({
    userId,
    reason: 'fake_profile',
    content: 'The photos belong to a celebrity.',
  });
  expect(body.images).toHaveLength(1);
  expect(body.images[0]).toMatch(/^data:image\/jpeg;base64,/);
  await expect(toast(page, 'Thank you. Our team will review your report.')).toBeVisible();
  await expect(form).toBeHidden();
});

test('Help&Support opens the customer-service card with a Message button @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = person('hlp', testInfo);
  await registerViaApi(request, me);
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url('/pages/settings/settings'));
  await page.getByRole('button', { name: 'Help&Support' }).click();
  const card = page.getByTestId('support-card');
  await expect(card.getByRole('heading', { name: 'Amora Support' })).toBeVisible();
  const message = card.getByRole('link', { name: 'Message' });
  const href = (await message.getAttribute('href')) ?? '';
  const target = JSON.parse(new URL(href, url('/')).searchParams.get('data') ?? '{}') as {
    userName: string;
    unRead: number;
  };
  expect(target).toMatchObject({ userName: 'Amora Support', unRead: 0 });
  await message.click();
  await expect(page).toHaveURL(/\/pages\/chat\/chat\?data=/);
});

for (const lang of ['en', 'ja'] as const) {
  test(`the people pages of a member, captured in ${lang} @screens`, async ({
    page,
    request,
  }, testInfo) => {
    // Someone the demo member blocked, for the blocked list.
    const blocked = person(`bl${lang}`, testInfo);
    const them = await registerViaApi(request, blocked, { country: 'Singapore' });
    const demo = await tokenOf(request, DEMO.userName, DEMO.password);
    await api(request, demo, '/system/blacklisted/add', {
      method: 'POST',
      data: { userId: them.userId },
    });

    await skipSplash(page);
    await login(page, DEMO.userName, DEMO.password);
    if (lang === 'ja') {
      await useJapanese(page);
      await page.reload();
    }
    for (const tab of ['discover', 'favourite', 'wink', 'footprints']) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(cards(page).first()).toBeVisible();
      await expect(page.locator('.person-card img').first()).toBeVisible();
      await shot(page, testInfo, `${lang}-index-${tab}`);
    }

    await page.getByTestId('tab-wink').click();
    await cards(page).first().getByRole('link').click();
    await expect(page.getByTestId('profile')).toBeVisible();
    await shot(page, testInfo, `${lang}-profile`);

    await page.goto(url('/pages/homepage/homepage'));
    await expect(page.getByTestId('profile-name')).toHaveText('demo');
    await shot(page, testInfo, `${lang}-my-profile`);

    await page.goto(url('/'));
    await page.getByTestId('open-filters').click();
    await expect(page.locator('dialog.filter-sheet')).toBeVisible();
    await shot(page, testInfo, `${lang}-filters`);

    await page.goto(url('/pages/settings/settings?view=blocked'));
    await expect(
      page.getByTestId('blocked-row').filter({ hasText: blocked.userName }),
    ).toBeVisible();
    await shot(page, testInfo, `${lang}-blocked`);

    await api(request, demo, `/system/blacklisted/remove?ids=${them.userId}`, { method: 'DELETE' });
  });
}

test('a person shares their area and scrolls the people nearby to the end', async ({
  page,
  context,
  request,
}, testInfo) => {
  // Twenty-three men around Osaka share their area: more than one page of twenty.
  const places: [number, number][] = [];
  for (let i = 0; i < 23; i++)
    places.push([34.69 + (i % 6) * 0.06, 135.5 + Math.floor(i / 6) * 0.08]);
  const men: string[] = [];
  for (const [i, [lat, lng]] of places.entries()) {
    const man = person(`nb${i}`, testInfo);
    const { token } = await registerViaApi(request, man, { gender: 'male' });
    await api(request, token, '/system/user/profile/location', {
      method: 'PUT',
      data: { lat, lng },
    });
    men.push(man.userName);
  }
  const me = person('nbme', testInfo);
  const { token } = await registerViaApi(request, me);
  // A member: the daily number of different people does not cut the scroll short.
  await buy(request, token, 'vip-1m');
  await context.grantPermissions(['geolocation'], { origin: url('/') });
  await context.setGeolocation({ latitude: 34.6937, longitude: 135.5023 });

  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url('/pages/indexBranch/indexBranch'));
  await expect(page.getByTestId('nearby-invite')).toBeVisible();
  await expect(page.getByRole('heading', { name: "See who's near you" })).toBeVisible();
  await shot(page, testInfo, 'en-nearby-invite');

  const firstPage = page.waitForResponse(
    (res) => res.url().includes('/system/user/profile/nearby') && res.ok(),
  );
  await page.getByTestId('share-area').click();
  await firstPage;
  await expect(cards(page).first()).toBeVisible();
  // Nearest first: someone in my own area reads "less than 5 km"; Osaka is named.
  await expect(page.getByTestId('nearby-distance').first()).toHaveText('less than 5 km · in Osaka');
  await shot(page, testInfo, 'en-nearby-list');

  // Scroll to the end: everyone once, then the end line.
  for (let i = 0; i < 10 && !(await page.getByText("That's everything").isVisible()); i++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
  }
  await expect(page.getByText("That's everything")).toBeVisible();
  const names = await page.getByTestId('person-name').allTextContents();
  expect(new Set(names).size).toBe(names.length);
  for (const name of men) expect(names).toContain(name);
  const km = await page.getByTestId('nearby-distance').allTextContents();
  expect(km.at(-1)).toMatch(/\d+ km/);
  await shot(page, testInfo, 'en-nearby-end');

  // Settings shows the area shared, with a switch to stop.
  await page.goto(url('/pages/settings/settings'));
  await expect(page.getByTestId('share-area-switch')).toBeChecked();
});
