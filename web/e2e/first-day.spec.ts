// A new person's first day, walked as they would walk it, on a phone and on a desktop: register
// with a photo, verify the email from the prompt, edit the profile, open Discover again and again
// without a false lock-out, become a member, like back someone from Wink Me, and chat with her
// photos. Then the same day's pages in Russian and Japanese, captured to be looked at.
import { type Page, expect, test } from '@playwright/test';
import { chatUrl } from './chat-people';
import { PHOTO, api, person, registerViaApi, shot, skipSplash, toast, url } from './helpers';
import { lastCodeSentTo } from './mail';
import { buy } from './purchases';

const cards = (page: Page) => page.getByTestId('person-card');

/** A small photo of one colour, as the browser draws it (a PNG data URL). */
function photo(page: Page, colour: string, [w, h]: [number, number]) {
  return page.evaluate(
    ([c, width, height]) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no 2D canvas');
      g.fillStyle = c;
      g.fillRect(0, 0, width, height);
      return canvas.toDataURL('image/png');
    },
    [colour, w, h] as const,
  );
}

test("a new person's first day @screens", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const me = person('day', testInfo);
  const phone = Boolean(testInfo.project.use.isMobile);

  // Morning: sign up with a photo.
  await skipSplash(page);
  await page.goto(url('/pages/login/login'));
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByTestId('avatar-input').setInputFiles(PHOTO);
  const crop = page.getByRole('dialog', { name: 'Crop your photo' });
  await crop.getByRole('button', { name: 'Use this photo' }).click();
  await expect(crop).toBeHidden();
  await page.getByLabel('User name').fill(me.userName);
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByLabel('Confirm password').fill(me.password);
  await page.getByText('Male', { exact: true }).click();
  await page.getByLabel('Country').selectOption('Canada');
  await page.getByLabel('Birthday').fill('1990-07-14');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(url('/'));
  await expect(toast(page, `Welcome to Amora, ${me.userName}!`)).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('TOKEN'));
  if (!token) throw new Error('no session after signing up');
  const { userId } = await api<{ userId: number }>(request, token, '/getInfo');

  // The prompt to verify the email, and the code from the mail: 80 free characters.
  const prompt = page.getByRole('dialog', { name: 'Verify your email' });
  await expect(prompt).toContainText('80 free characters');
  await shot(page, testInfo, 'day-1-verify-prompt');
  const sentAt = Date.now();
  // "Verify now" sends the first code itself.
  await prompt.getByRole('link', { name: 'Verify now' }).click();
  await expect(page.getByText(`We sent a six-digit code to ${me.email}.`)).toBeVisible();
  const code = await lastCodeSentTo(me.email, sentAt - 1000);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByTestId('email-status')).toHaveText('Verified');
  await expect(page.getByTestId('characters')).toHaveText('80');

  // A few words about me, seen as others see them.
  await page.getByRole('link', { name: 'Edit profile' }).click();
  const form = page.getByTestId('profile-edit');
  await form.getByLabel('About me').fill('Canoeing at dawn, pancakes after.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(url('/pages/homepage/homepage'));
  await expect(page.getByText('Canoeing at dawn, pancakes after.')).toBeVisible();
  await shot(page, testInfo, 'day-2-my-profile');

  // All day long, Discover: the same people each time, never "seen everyone for today".
  await page.goto(url('/'));
  await expect(cards(page)).toHaveCount(20);
  const first = await cards(page).first().getAttribute('data-user-id');
  for (let visit = 0; visit < 4; visit++) {
    await page.reload();
    await expect(cards(page)).toHaveCount(20);
    await expect(cards(page).first()).toHaveAttribute('data-user-id', first ?? '');
    await expect(page.getByTestId('upgrade-panel')).toHaveCount(0);
  }
  await shot(page, testInfo, 'day-3-discover');

  // In the afternoon a woman in Spain likes him and sends him photos; he becomes a member.
  const ana = person('ana', testInfo);
  const her = await registerViaApi(request, ana, { country: 'Spain', language: 'es' });
  await api(request, her.token, `/system/like/opera/${userId}?like=true`);
  await buy(request, her.token, 'vip-1m');
  for (const [colour, size] of [
    ['#e76f51', [600, 900]],
    ['#2a9d8f', [900, 600]],
    ['#e9c46a', [700, 700]],
  ] as const) {
    await api(request, her.token, '/system/content/sendMsg', {
      method: 'POST',
      data: {
        to: userId,
        msgType: 'img',
        content: { image: await photo(page, colour, [...size]) },
      },
    });
  }
  await api(request, her.token, '/system/content/sendMsg', {
    method: 'POST',
    data: { to: userId, msgType: 'txt', content: { text: 'Hola! The lake at sunset' } },
  });
  await buy(request, token, 'vip-1m');

  // Wink Me: her heart is empty until he likes her back, and then it is a match.
  await page.reload();
  await page.getByTestId('tab-wink').click();
  const card = cards(page).and(page.locator(`[data-user-id="${her.userId}"]`));
  const heart = card.getByTestId('like-button');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await shot(page, testInfo, 'day-4-wink-me');
  // Liking her back is a match: its moment, once, with both photos and "Say hi".
  await heart.click();
  const moment = page.getByRole('dialog', { name: "It's a match!" });
  await expect(moment).toBeVisible();
  await expect(moment.getByRole('img')).toHaveCount(2);
  await expect(moment).toContainText(ana.userName);
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await shot(page, testInfo, 'day-5-match');
  await moment.getByRole('button', { name: 'Say hi' }).click();
  // The chat opens ready to type, at her newest message, with her photos loaded.
  await expect(page.getByLabel('Type a message')).toBeFocused();
  const photos = page.getByTestId('message').getByRole('img', { name: 'Photo' });
  await expect(photos).toHaveCount(3);
  await expect
    .poll(() =>
      photos.evaluateAll(
        (imgs) => (imgs as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth).length,
      ),
    )
    .toBe(3);
  await page.waitForTimeout(300);
  const newest = page.getByTestId('message').filter({ hasText: 'Hola! The lake at sunset' });
  await expect(newest).toBeInViewport({ ratio: 1 });
  const composer = page.getByLabel('Type a message');
  const [bottom, top] = await Promise.all([newest.boundingBox(), composer.boundingBox()]);
  expect((bottom?.y ?? 0) + (bottom?.height ?? 0)).toBeLessThanOrEqual(top?.y ?? 0);

  // He answers; the message is his and stays.
  await composer.fill('What a view! Coffee on Saturday?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    page.getByTestId('message').filter({ hasText: 'What a view! Coffee on Saturday?' }),
  ).toBeVisible();
  await shot(page, testInfo, `day-6-chat${phone ? '-phone' : ''}`);
});

for (const [abbr, language] of [
  ['ru', 'Russian'],
  ['ja', 'Japanese'],
] as const) {
  test(`the first day's pages, captured in ${language} @screens`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const me = person(`day${abbr}`, testInfo);
    const { token, userId } = await registerViaApi(request, me, {
      gender: 'male',
      country: 'Canada',
      language: abbr,
    });
    const ana = person(`ana${abbr}`, testInfo);
    const her = await registerViaApi(request, ana, { country: 'Spain' });
    await api(request, her.token, `/system/like/opera/${userId}?like=true`);
    await buy(request, her.token, 'vip-1m');
    await api(request, her.token, '/system/content/sendMsg', {
      method: 'POST',
      data: {
        to: userId,
        msgType: 'img',
        content: { image: await photo(page, '#2a9d8f', [800, 600]) },
      },
    });
    await buy(request, token, 'vip-1m');

    await page.addInitScript(
      ([t, lang, name]) => {
        localStorage.setItem('SHOWED_SPLASH', 'true');
        localStorage.setItem('TOKEN', t);
        localStorage.setItem('LOGINED', 'true');
        localStorage.setItem('LANGUAGE', JSON.stringify({ language: name, abbr: lang }));
      },
      [token, abbr, language] as const,
    );
    const pages: [string, string][] = [
      ['discover', '/'],
      ['verify', '/pages/settings/settings?verify=email'],
      ['profile-edit', '/pages/settings/settings?view=profile'],
      ['wink-me', '/pages/index/index?tab=wink'],
      ['message', '/pages/message/message'],
      ['chat', chatUrl({ userId: her.userId, userName: ana.userName, gender: 'female' })],
    ];
    for (const [name, address] of pages) {
      await page.goto(address.startsWith('/') ? url(address) : address);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveAttribute('lang', abbr === 'ja' ? 'ja' : 'ru');
      await shot(page, testInfo, `day-${abbr}-${name}`);
    }

    // The card deck: pass with the arrow key, like with a swipe; the person passed is gone.
    await page.goto(url('/'));
    await page.getByTestId('view-cards').click();
    const deck = page.getByTestId('card-deck');
    const top = page.getByTestId('deck-card');
    const passed = await top.getAttribute('data-user-id');
    await deck.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(top).not.toHaveAttribute('data-user-id', passed ?? '');
    await shot(page, testInfo, `day-${abbr}-deck`);
    const box = await top.boundingBox();
    if (!box) throw new Error('no card');
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const next = await top.getAttribute('data-user-id');
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 80, y, { steps: 4 });
    await page.mouse.move(x + 160, y, { steps: 4 });
    await page.mouse.up();
    await expect(top).not.toHaveAttribute('data-user-id', next ?? '');
    await page.reload();
    await expect(top).toBeVisible();
    await expect(top).not.toHaveAttribute('data-user-id', passed ?? '');
    await page.getByTestId('view-grid').click();
    await expect(cards(page).first()).toBeVisible();
    await expect(page.locator(`[data-user-id="${passed}"]`)).toHaveCount(0);
  });
}
