// What a person meets in a chat every day: a conversation full of photos opens at its newest
// message, photos open in the app's own viewer, a long press never recalls by itself, the
// composer says beforehand what will be refused, emoji go into the text being written, a
// shared place opens on its own page, and a voice message recorded with the microphone plays.
// The server runs in demo mode (demo / demo1234 is a member).
import { type Locator, type Page, type TestInfo, chromium, expect, test } from '@playwright/test';
import { chatUrl, signIn } from './chat-people';
import { type Person, api, person, registerViaApi, shot, tokenOf, url } from './helpers';

const DEMO = { userName: 'demo', password: 'demo1234' };

type Account = Person & { userId: number; token: string; gender: 'female' | 'male' };

async function register(
  request: Parameters<typeof registerViaApi>[0],
  prefix: string,
  testInfo: TestInfo,
  gender: 'female' | 'male',
): Promise<Account> {
  const p = person(prefix, testInfo);
  const { userId, token } = await registerViaApi(request, p, { gender });
  return { ...p, userId, token, gender };
}

const bubble = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

/** Pictures of different shapes and colours, drawn by the browser as PNG data URLs. */
function drawPhotos(page: Page, sizes: readonly [number, number][]) {
  return page.evaluate((all) => {
    const colours = ['#e76f51', '#2a9d8f', '#e9c46a', '#264653', '#8e7dbe', '#f4a261'];
    return all.map(([w, h], i) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no 2D canvas');
      g.fillStyle = colours[i % colours.length] ?? '#e76f51';
      g.fillRect(0, 0, w, h);
      g.fillStyle = '#fff';
      g.font = `bold ${Math.round(Math.min(w, h) / 3)}px sans-serif`;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText(String(i + 1), w / 2, h / 2);
      return canvas.toDataURL('image/png');
    });
  }, sizes);
}

/** The demo member sends `to` these photos, then a line of text. */
async function memberSendsPhotos(
  request: Parameters<typeof registerViaApi>[0],
  page: Page,
  to: Account,
  sizes: readonly [number, number][],
  text?: string,
) {
  const token = await tokenOf(request, DEMO.userName, DEMO.password);
  const demo = await api<{ userId: number }>(request, token, '/getInfo');
  for (const image of await drawPhotos(page, sizes)) {
    await api(request, token, '/system/content/sendMsg', {
      method: 'POST',
      data: { to: to.userId, msgType: 'img', content: { image } },
    });
  }
  if (text) {
    await api(request, token, '/system/content/sendMsg', {
      method: 'POST',
      data: { to: to.userId, msgType: 'txt', content: { text } },
    });
  }
  return { userId: demo.userId, userName: DEMO.userName, gender: 'male' as const };
}

/** A finger on the screen (Chromium's touch input, as a phone sends it). */
async function touch(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const send = (
    type: 'touchStart' | 'touchMove' | 'touchEnd',
    points: { x: number; y: number }[],
  ) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map((p, id) => ({ ...p, id })),
    });
  return {
    /** Holds a finger on the point for `ms`, then lifts it. */
    async longPress(at: { x: number; y: number }, ms = 900) {
      await send('touchStart', [at]);
      await page.waitForTimeout(ms);
      await send('touchEnd', []);
    },
    /** Moves one or two fingers from their starts to their ends in steps, then lifts them. */
    async drag(from: { x: number; y: number }[], to: { x: number; y: number }[], steps = 8) {
      await send('touchStart', from);
      for (let s = 1; s <= steps; s++) {
        await send(
          'touchMove',
          from.map((f, i) => ({
            x: f.x + (((to[i] ?? f).x - f.x) * s) / steps,
            y: f.y + (((to[i] ?? f).y - f.y) * s) / steps,
          })),
        );
        await page.waitForTimeout(16);
      }
      await send('touchEnd', []);
    },
  };
}

/** Where something is drawn on the screen. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not drawn`);
  return box;
}

async function centreOf(locator: Locator) {
  const box = await boxOf(locator);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const widthOf = async (locator: Locator) => (await boxOf(locator)).width;

/** The fonts Chromium really drew an element's text with, and how many glyphs each drew. */
async function fontsDrawing(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts;
}

test('a chat full of photos opens at its newest message, above the composer', async ({
  browser,
  request,
}, testInfo) => {
  const her = await register(request, 'pnw', testInfo, 'female');
  const she = await signIn(browser, testInfo, her);
  const demo = await memberSendsPhotos(
    request,
    she.page,
    her,
    [
      [600, 900],
      [900, 600],
      [700, 700],
      [600, 1000],
      [800, 800],
    ],
    'The last one is from the lake',
  );
  await she.page.goto(chatUrl(demo));
  const photos = she.page.getByTestId('message').getByRole('img', { name: 'Photo' });
  await expect(photos).toHaveCount(5);
  // The photos near the end arrive after the chat has been drawn and grow it as they do.
  await expect
    .poll(() =>
      photos.evaluateAll(
        (imgs) => (imgs as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth).length,
      ),
    )
    .toBeGreaterThanOrEqual(3);
  await she.page.waitForTimeout(300);
  const newest = bubble(she.page, 'The last one is from the lake');
  await expect(newest).toBeInViewport({ ratio: 1 });
  const composer = await boxOf(she.page.getByLabel('Type a message'));
  const box = await boxOf(newest);
  expect(box.y + box.height).toBeLessThanOrEqual(composer.y);
  await she.context.close();
});

test('a photo opens in the app’s viewer: zoom, the next photo, and back to the chat @screens', async ({
  browser,
  request,
}, testInfo) => {
  const her = await register(request, 'pvw', testInfo, 'female');
  const she = await signIn(browser, testInfo, her);
  const demo = await memberSendsPhotos(request, she.page, her, [
    [600, 900],
    [900, 600],
    [700, 700],
  ]);
  const chat = chatUrl(demo);
  await she.page.goto(chat);
  const photos = she.page.getByTestId('message').getByRole('button', { name: 'View photo' });
  await expect(photos).toHaveCount(3);
  await photos.nth(1).click();

  const viewer = she.page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'Photo 2 of 3' })).toBeVisible();
  // Still in the chat: the picture did not open as a file of its own.
  expect(she.page.url()).toBe(chat);
  expect(she.context.pages()).toHaveLength(1);

  const picture = viewer.getByRole('img', { name: 'Photo 2 of 3' });
  if (testInfo.project.use.hasTouch) {
    // Two fingers spread apart zoom in; a pinch back closes the gap again.
    const fingers = await touch(she.page);
    const at = await centreOf(viewer);
    const before = await widthOf(picture);
    await fingers.drag(
      [
        { x: at.x - 30, y: at.y },
        { x: at.x + 30, y: at.y },
      ],
      [
        { x: at.x - 110, y: at.y },
        { x: at.x + 110, y: at.y },
      ],
    );
    await expect.poll(() => widthOf(picture)).toBeGreaterThan(before * 2);
    await fingers.drag(
      [
        { x: at.x - 110, y: at.y },
        { x: at.x + 110, y: at.y },
      ],
      [
        { x: at.x - 30, y: at.y },
        { x: at.x + 30, y: at.y },
      ],
    );
    await expect.poll(() => widthOf(picture)).toBeLessThan(before * 1.1);
    // A swipe to the left shows the next photo, to the right the one before.
    await fingers.drag([{ x: at.x + 120, y: at.y }], [{ x: at.x - 120, y: at.y }]);
    await expect(viewer.getByRole('img', { name: 'Photo 3 of 3' })).toBeVisible();
    await fingers.drag([{ x: at.x - 120, y: at.y }], [{ x: at.x + 120, y: at.y }]);
    await expect(viewer.getByRole('img', { name: 'Photo 2 of 3' })).toBeVisible();
  } else {
    // Double-click zooms in and out; the arrow keys and buttons move between photos.
    const before = await widthOf(picture);
    await picture.dblclick();
    await expect.poll(() => widthOf(picture)).toBeGreaterThan(before * 1.5);
    await picture.dblclick();
    await expect.poll(() => widthOf(picture)).toBeLessThan(before * 1.1);
    await she.page.keyboard.press('ArrowRight');
    await expect(viewer.getByRole('img', { name: 'Photo 3 of 3' })).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await viewer.getByRole('button', { name: 'Previous photo' }).click();
    await viewer.getByRole('button', { name: 'Previous photo' }).click();
    await expect(viewer.getByRole('img', { name: 'Photo 1 of 3' })).toBeVisible();
  }
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  // Escape closes it too, and the chat is where it was.
  await photos.first().click();
  await expect(viewer.getByRole('img', { name: 'Photo 1 of 3' })).toBeVisible();
  await she.page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(photos).toHaveCount(3);
  await she.context.close();
});

test('a long press opens the options away from the finger, and Recall asks first', async ({
  browser,
  request,
}, testInfo) => {
  const him = await register(request, 'lpm', testInfo, 'male');
  const her = await register(request, 'lpw', testInfo, 'female');
  // A conversation long enough that his newest message sits just above the composer, where
  // the options sheet rises.
  for (let i = 1; i <= 12; i++) {
    await api(request, her.token, '/system/content/sendMsg', {
      method: 'POST',
      data: { to: him.userId, msgType: 'txt', content: { text: `Line ${i} of my week` } },
    });
  }
  const he = await signIn(browser, testInfo, him);
  await he.page.goto(chatUrl(her));
  const input = he.page.getByLabel('Type a message');
  await input.fill('Dinner on Friday?');
  await input.press('Enter');
  const mine = bubble(he.page, 'Dinner on Friday?');
  await expect(mine.getByRole('img', { name: /Sent|Delivered/ })).toBeVisible();

  const fingers = await touch(he.page);
  const finger = await centreOf(mine.locator('.bubble'));
  await fingers.longPress(finger);
  const options = he.page.getByRole('dialog', { name: 'Message options' });
  await expect(options).toBeVisible();
  // Lifting the finger chose nothing, and nothing in the sheet is under it.
  await he.page.waitForTimeout(400);
  await expect(options).toBeVisible();
  await expect(he.page.getByTestId('message-recalled')).toHaveCount(0);
  for (const button of await options.getByRole('button').all()) {
    const box = await boxOf(button);
    const under =
      finger.x >= box.x &&
      finger.x <= box.x + box.width &&
      finger.y >= box.y &&
      finger.y <= box.y + box.height;
    expect(under, `${await button.textContent()} is under the finger`).toBe(false);
  }

  // Recall asks first; Cancel keeps the message.
  await options.getByRole('button', { name: 'Recall' }).tap();
  const confirm = he.page.getByRole('dialog', { name: 'Recall this message?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).tap();
  await expect(confirm).toBeHidden();
  await expect(mine).toBeVisible();

  await fingers.longPress(await centreOf(mine.locator('.bubble')));
  await options.getByRole('button', { name: 'Recall' }).tap();
  await confirm.getByRole('button', { name: 'Recall' }).tap();
  await expect(he.page.getByTestId('message-recalled')).toHaveText('You recalled a message');
  await he.context.close();
});

test('the composer says beforehand what the server will refuse @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const one = await register(request, 'nga', testInfo, 'female');
  const other = await register(request, 'ngb', testInfo, 'female');
  const him = await register(request, 'ngm', testInfo, 'male');
  const she = await signIn(browser, testInfo, one);
  const notice = she.page.getByTestId('composer-notice');

  // Two women: the notice is there before anything is typed.
  await she.page.goto(chatUrl(other));
  await expect(she.page.getByRole('heading', { level: 1 })).toContainText(other.userName);
  await expect(notice).toHaveText(
    'Oops, you are of the same gender, so you cannot chat with this person',
  );

  // Customer service may be written to by anyone.
  const support = await api<{ userId: number; userName: string }>(
    request,
    one.token,
    '/em/friends/customer',
  );
  await she.page.goto(chatUrl({ ...support, gender: 'female' }));
  await expect(she.page.getByRole('heading', { level: 1 })).toContainText(support.userName);
  await expect(she.page.getByTestId('message')).toHaveCount(0);
  await expect(notice).toHaveCount(0);

  // A man: no notice; she is not a member, so the photo button offers Upgrade now, not a file.
  await she.page.goto(chatUrl(him));
  await expect(she.page.getByRole('heading', { level: 1 })).toContainText(him.userName);
  let picker = false;
  she.page.on('filechooser', () => {
    picker = true;
  });
  await she.page.getByRole('button', { name: 'Photo' }).click();
  const upgrade = she.page.getByRole('dialog', { name: 'Photos are for members' });
  await expect(upgrade).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(picker).toBe(false);
  await upgrade.getByRole('link', { name: 'Upgrade now' }).click();
  await expect(she.page).toHaveURL(url('/pages/recharge/recharge'));
  await she.context.close();
});

test('an emoji goes into the text where the cursor is, and is sent with it, in colour @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const him = await register(request, 'emm', testInfo, 'male');
  const her = await register(request, 'emw', testInfo, 'female');
  const she = await signIn(browser, testInfo, her);
  await she.page.goto(chatUrl(him));
  const input = she.page.getByLabel('Type a message');
  await input.fill('See you soon!');
  // The cursor after "See you".
  await input.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(7, 7));
  await she.page.getByRole('button', { name: 'Emoji' }).click();
  await she.page.getByRole('button', { name: '[smile]' }).click();
  await she.page.getByRole('button', { name: '[heart]' }).click();
  await expect(input).toHaveValue('See you😊❤️ soon!');
  await expect(she.page.getByTestId('message')).toHaveCount(0);

  await she.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bubble(she.page, 'See you😊❤️ soon!')).toBeVisible();
  await expect(she.page.getByTestId('message')).toHaveCount(1);
  await expect(input).toHaveValue('');
  // Drawn by a colour-emoji font, not as the black outlines a text font has for them.
  const fonts = await fontsDrawing(she.page, '[data-testid="message"] .bubble-text');
  const colour = fonts.find((f) => /Color Emoji|Segoe UI Emoji/.test(f.familyName));
  expect(colour?.glyphCount ?? 0, JSON.stringify(fonts)).toBeGreaterThanOrEqual(2);
  await she.context.close();
});

test('she finds a place by name in Russian and shares it; he opens it in Japanese', async ({
  browser,
  request,
}, testInfo) => {
  const him = await register(request, 'plm', testInfo, 'male');
  const her = await register(request, 'plw', testInfo, 'female');
  const she = await signIn(browser, testInfo, her, 'ru');
  await she.context.grantPermissions(['geolocation']);
  await she.context.setGeolocation({ latitude: 41.402_51, longitude: 2.174_35 });
  await she.page.goto(chatUrl(him));
  await she.page.getByRole('button', { name: 'Ещё' }).click();
  await she.page.getByRole('button', { name: 'Место' }).click();
  await expect(she.page).toHaveURL(/\/choose-location\?data=/);
  // The map draws the world's countries with no tile server.
  await expect(she.page.locator('.world-map-land').first()).toBeAttached();
  expect(await she.page.locator('.world-map-land').count()).toBeGreaterThan(100);
  // My position is approximate unless I say otherwise.
  await she.page.getByRole('button', { name: 'Моё местоположение' }).click();
  await expect(she.page.getByTestId('place-chosen')).toContainText('41,4025° N, 2,1744° E');
  await expect(she.page.getByTestId('place-approximate')).toBeChecked();
  // Then a place found by name instead.
  await she.page.getByTestId('place-search').fill('Барсел');
  await she.page.getByTestId('place-result').filter({ hasText: 'Барселона' }).first().click();
  await expect(she.page.getByTestId('place-name-input')).toHaveValue('Барселона');
  await expect(she.page.getByTestId('place-approximate')).toBeHidden();
  await expect(she.page.getByTestId('place-chosen')).toContainText('41,389° N, 2,159° E');
  await shot(she.page, testInfo, 'ru-choose-place');
  await she.page.getByTestId('place-share').click();
  // Back in the chat, where the place shows.
  await expect(she.page).toHaveURL(/\/pages\/chat\/chat\?data=/);
  await expect(she.page.getByTestId('place-bubble')).toContainText('Барселона');

  const he = await signIn(browser, testInfo, him, 'ja');
  await he.page.goto(chatUrl(her));
  const place = he.page.getByTestId('place-bubble');
  // A place picked on the map is where it is: not rounded, no "approximate" note.
  await expect(place).toContainText('Барселона');
  await expect(place.getByTestId('mini-map')).toBeVisible();
  await expect(place).not.toContainText('おおよその位置');
  await shot(he.page, testInfo, 'ja-place-in-chat');
  await place.click();
  await expect(he.page).toHaveURL(/\/open-location\?data=/);
  await expect(he.page.getByTestId('place-name')).toHaveText('Барселона');
  await expect(he.page.locator('.world-map-dot')).toBeAttached();
  await expect(he.page.getByRole('link', { name: 'OpenStreetMap で開く' })).toHaveAttribute(
    'href',
    /mlat=41\.3\d*&mlon=2\.1\d*/,
  );
  await shot(he.page, testInfo, 'ja-place-page');
  await Promise.all([she.context.close(), he.context.close()]);
});

test('a member records a voice message, previews and sends it; she plays it to its end @desktop', async ({
  request,
}, testInfo) => {
  // Chromium's fake microphone (a beeping tone), allowed without asking: for this story only.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  const her = await register(request, 'vow', testInfo, 'female');
  const token = await tokenOf(request, DEMO.userName, DEMO.password);
  const demo = await api<{ userId: number }>(request, token, '/getInfo');
  const he = await signIn(browser, testInfo, DEMO);
  await he.page.goto(chatUrl(her));
  const mic = he.page.getByTestId('voice-mic');
  await expect(mic).toBeVisible();
  // A tap starts it: the timer runs until Stop.
  await mic.click();
  const recording = he.page.getByTestId('voice-recording');
  await expect(recording).toBeVisible();
  await expect(he.page.getByTestId('voice-timer')).toHaveText('0:02', { timeout: 5_000 });
  await shot(he.page, testInfo, 'voice-recording');
  await he.page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(recording).toBeHidden();
  // The preview plays before anything is sent.
  const preview = he.page.getByRole('dialog', { name: 'Send this voice message?' });
  await expect(preview.getByTestId('voice-bubble')).toBeVisible();
  await shot(he.page, testInfo, 'voice-preview');
  await preview.getByTestId('voice-send').click();
  await expect(preview).toBeHidden();
  const mine = he.page.getByTestId('message').getByTestId('voice-bubble');
  await expect(mine).toBeVisible();
  await expect(mine.getByTestId('voice-time')).toHaveText(/^0:0[2-4]$/);
  await he.context.close();

  const she = await signIn(browser, testInfo, her);
  await she.page.goto(chatUrl({ userId: demo.userId, userName: DEMO.userName, gender: 'male' }));
  const voice = she.page.getByTestId('message').getByTestId('voice-bubble');
  await expect(voice).toBeVisible();
  const time = voice.getByTestId('voice-time');
  const length = (await time.textContent()) ?? '';
  expect(length).toMatch(/^0:0[2-4]$/);
  await shot(she.page, testInfo, 'voice-in-chat');
  await voice.getByTestId('voice-speed').click();
  await expect(voice.getByTestId('voice-speed')).toHaveText('1.5×');
  await voice.getByTestId('voice-play').click();
  await expect(voice.getByTestId('voice-play')).toHaveAttribute('aria-pressed', 'true');
  // It plays: some of the waveform is played, then it reaches its end and shows its length.
  await expect(voice.locator('.voice-wave span.played').first()).toBeAttached();
  await shot(she.page, testInfo, 'voice-playing');
  await expect(voice.getByTestId('voice-play')).toHaveAttribute('aria-pressed', 'false', {
    timeout: 10_000,
  });
  await expect(time).toHaveText(length);
  await she.context.close();
  await browser.close();
});
