// Chat translation: a Spanish woman reads an English man in Spanish (the server translates with
// Apertium); a Japanese woman and a Spanish man chat, each reading the other in their own language
// through LibreTranslate (its local stand-in), she asking for his messages as she reads them and
// then as they arrive, he finding hers translated when he opens the chat. An English man reads a
// Spanish woman's dynamic in the feed, her comment under it and her About me in English. Characters come from verifying the email (80
// characters).
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { type Person, api, login, person, registerViaApi, shot, skipSplash, url } from './helpers';
import { chatLive, chatUrl, signIn } from './chat-people';
import { lastCodeSentTo } from './mail';
import { standInLog } from './standins';

/** Verifies the email through the API: 80 characters. */
async function verifyEmail(request: APIRequestContext, who: Person, token: string) {
  const before = Date.now();
  const sent = await request.post(url('/prod-api/system/user/sendEmail'), {
    headers: { Authorization: `Bearer ${token}` },
    form: {},
  });
  expect(sent.ok()).toBe(true);
  const code = await lastCodeSentTo(who.email, before);
  const verified = await request.post(url('/prod-api/system/user/updateEmailVerified'), {
    headers: { Authorization: `Bearer ${token}` },
    form: { code },
  });
  expect(((await verified.json()) as { code: number }).code).toBe(200);
}

const bubbleOn = (page: Page, text: string) =>
  page.getByTestId('message').filter({ hasText: text });

test('an English man writes to a Spanish woman, who reads him in Spanish', async ({
  page,
  request,
}, testInfo) => {
  const him = person('trm', testInfo);
  const her = person('trw', testInfo);
  const he = await registerViaApi(request, him, {
    gender: 'male',
    country: 'Britain',
    language: 'en',
  });
  const she = await registerViaApi(request, her, {
    gender: 'female',
    country: 'Spain',
    language: 'es',
  });

  // She verifies her email: 80 characters.
  await verifyEmail(request, her, she.token);

  const sendText = (text: string) =>
    api(request, he.token, '/system/content/sendMsg', {
      method: 'POST',
      data: { to: she.userId, msgType: 'txt', content: { text }, clientId: `c${Date.now()}` },
    });
  await sendText('Good morning');

  await skipSplash(page);
  let live = chatLive(page);
  await login(page, her.userName, her.password);
  await live;
  const target = {
    userId: he.userId,
    userName: him.userName,
    emUser: `u${he.userId}`,
    avatar: '',
    sex: 'male',
    unRead: 1,
  };
  live = chatLive(page);
  await page.goto(url(`/pages/chat/chat?data=${encodeURIComponent(JSON.stringify(target))}`));
  const bubble = (text: string) => page.getByTestId('message').filter({ hasText: text });
  await expect(bubble('Good morning')).toBeVisible();

  // She reads him in Spanish: kept on the server and in CHAT_LANGUAGES.
  await page.getByLabel('Translate their messages into').selectOption('es');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('CHAT_LANGUAGES')))
    .toBe(JSON.stringify([{ abbr: 'es', userId: he.userId }]));
  const stored = await api<{ userId: number; abbr: string; route: string }[]>(
    request,
    she.token,
    '/system/content/chatLanguage',
  );
  expect(stored.map(({ userId, abbr, route }) => ({ userId, abbr, route }))).toEqual([
    { userId: he.userId, abbr: 'es', route: 'apertium' },
  ]);

  // The message that was already there translates when she asks.
  const morning = bubble('Good morning');
  await morning.getByRole('button', { name: 'Translate' }).click();
  await expect(morning.getByTestId('translation')).toHaveText(/Buenos días/);
  // 12 characters from her pack of 80; she is not a member, so no daily allowance line.
  await expect(page.getByTestId('translate-balance')).toHaveText('Character pack: 68');

  // Either the original alone, or both.
  await morning.getByRole('button', { name: 'Original only' }).click();
  await expect(morning.getByTestId('translation')).toBeHidden();
  await morning.getByRole('button', { name: 'Show translation' }).click();
  await expect(morning.getByTestId('translation')).toBeVisible();

  // "Do not translate" translates nothing: the original stays, nothing is charged or refused.
  await page.getByLabel('Translate their messages into').selectOption('none');
  await expect(morning.getByTestId('translation')).toBeHidden();
  await expect(morning.getByText('Good morning')).toBeVisible();
  await expect(morning.getByRole('button', { name: 'Translate' })).toBeVisible();
  await expect(morning.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('translate-balance')).toHaveText('Character pack: 68');
  await page.getByLabel('Translate their messages into').selectOption('es');
  await expect(morning.getByTestId('translation')).toHaveText(/Buenos días/);

  // What he writes now translates by itself.
  await live;
  await sendText('Good night');
  const night = bubble('Good night');
  await expect(night.getByTestId('translation')).toBeVisible();
  await expect(night.getByTestId('translation')).not.toHaveText('');
});

test('a Russian woman is told why a Japanese message is not translated here', async ({
  browser,
  request,
}, testInfo) => {
  const kenP = person('trk', testInfo);
  const olgaP = person('tro', testInfo);
  const ken = await registerViaApi(request, kenP, {
    gender: 'male',
    country: 'Japan',
    language: 'ja',
  });
  const olga = await registerViaApi(request, olgaP, {
    gender: 'female',
    country: 'Russia',
    language: 'ru',
  });
  await verifyEmail(request, olgaP, olga.token);
  await api(request, ken.token, '/system/content/sendMsg', {
    method: 'POST',
    data: { to: olga.userId, msgType: 'txt', content: { text: 'こんにちは、オルガさん。' } },
  });

  // No provider here takes Japanese into Russian: no Translate, a short reason instead.
  const she = await signIn(browser, testInfo, olgaP, 'ru');
  const live = chatLive(she.page);
  await she.page.goto(chatUrl({ userId: ken.userId, userName: kenP.userName, gender: 'male' }));
  await live;
  const hello = bubbleOn(she.page, 'こんにちは');
  await expect(hello.getByTestId('translate-no-route')).toHaveText(
    'Перевод с языка «японский» на «русский» здесь недоступен.',
  );
  await expect(hello.getByRole('button', { name: 'Перевести' })).toHaveCount(0);
  await expect(hello.getByRole('alert')).toHaveCount(0);
  expect((await api<{ characters: number }>(request, olga.token, '/getInfo')).characters).toBe(80);
  await she.context.close();
});

test('a Japanese woman and a Spanish man chat, each reading the other in their own language @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const yuiP = person('trj', testInfo);
  const pabloP = person('trs', testInfo);
  const yui = await registerViaApi(request, yuiP, {
    gender: 'female',
    country: 'Japan',
    language: 'ja',
  });
  const pablo = await registerViaApi(request, pabloP, {
    gender: 'male',
    country: 'Spain',
    language: 'es',
  });
  await verifyEmail(request, yuiP, yui.token);
  await verifyEmail(request, pabloP, pablo.token);
  const characters = async (token: string) =>
    (await api<{ characters: number }>(request, token, '/getInfo')).characters;
  const partner = async (token: string, userId: number) =>
    (
      await api<{ userId: number; route: string; onArrival: boolean }[]>(
        request,
        token,
        `/system/content/chatLanguage?userId=${userId}`,
      )
    ).find((c) => c.userId === userId);

  // His first message waits for her.
  await api(request, pablo.token, '/system/content/sendMsg', {
    method: 'POST',
    data: { to: yui.userId, msgType: 'txt', content: { text: '¡Hola Yui! Me encanta Japón.' } },
  });

  // She reads the app in Japanese; Spanish reaches Japanese through LibreTranslate.
  const she = await signIn(browser, testInfo, yuiP, 'ja');
  const he = await signIn(browser, testInfo, pabloP);
  expect((await partner(yui.token, pablo.userId))?.route).toBe('libretranslate');
  let live = chatLive(she.page);
  await she.page.goto(chatUrl({ userId: pablo.userId, userName: pabloP.userName, gender: 'male' }));
  await live;
  const hola = bubbleOn(she.page, '¡Hola Yui!');
  await hola.getByRole('button', { name: '翻訳' }).click();
  await expect(hola.getByTestId('translation')).toHaveText(
    'こんにちは、ユイさん！日本が大好きです。',
  );
  await expect(she.page.getByTestId('translate-balance')).toHaveText('文字パック：52');

  // She has his new messages translated as they arrive (the switch under the language menu).
  await she.page.getByRole('button', { name: '翻訳の設定' }).click();
  await she.page.getByRole('switch', { name: '届いたときに翻訳' }).check();
  await expect.poll(async () => (await partner(yui.token, pablo.userId))?.onArrival).toBe(true);

  // He writes from his chat with her; it comes into her open chat in Japanese.
  live = chatLive(he.page);
  await he.page.goto(chatUrl({ userId: yui.userId, userName: yuiP.userName, gender: 'female' }));
  await live;
  const input = he.page.getByLabel('Type a message');
  await input.fill('¿Cuál es tu comida favorita?');
  await input.press('Enter');
  await expect(
    bubbleOn(she.page, '¿Cuál es tu comida favorita?').getByTestId('translation'),
  ).toHaveText('好きな食べ物は何ですか？');
  // Charged once for it, though it was translated on arrival and shown in her open chat.
  await expect.poll(() => characters(yui.token)).toBe(80 - 28 - 28);

  // He reads her in Spanish (his app is in English): her answer in Japanese, arriving in his open
  // chat, translates by itself.
  await he.page.getByLabel('Translate their messages into').selectOption('es');
  await expect
    .poll(async () => (await partner(pablo.token, yui.userId))?.route)
    .toBe('libretranslate');
  const reply = she.page.getByLabel('メッセージを入力');
  await reply.fill('はじめまして、パブロさん。');
  await reply.press('Enter');
  const hello = bubbleOn(he.page, 'はじめまして');
  await expect(hello.getByTestId('translation')).toHaveText('Encantada de conocerte, Pablo.');
  await expect(he.page.getByTestId('translate-balance')).toHaveText('Character pack: 67');

  // He too has her messages translated as they arrive, and leaves the chat.
  await he.page.getByRole('button', { name: 'Translation options' }).click();
  await he.page.getByRole('switch', { name: 'Translate as they arrive' }).check();
  await expect.poll(async () => (await partner(pablo.token, yui.userId))?.onArrival).toBe(true);
  await he.page.getByRole('button', { name: 'Back' }).click();
  const conversation = he.page.getByTestId('conversation').filter({ hasText: yuiP.userName });
  await expect(conversation).toBeVisible();
  await reply.fill('ラーメンが大好きです。');
  await reply.press('Enter');
  await expect
    .poll(async () => {
      const page = await api<{ rows: { translation?: { text: string } }[] }>(
        request,
        pablo.token,
        `/system/content/list?userId=${yui.userId}`,
      );
      return page.rows[0]?.translation?.text;
    })
    .toBe('Me encanta el ramen.');
  // Opening the chat, he finds it translated already, paid once.
  await conversation.click();
  await expect(bubbleOn(he.page, 'ラーメン').getByTestId('translation')).toHaveText(
    'Me encanta el ramen.',
  );
  expect(await characters(pablo.token)).toBe(80 - 13 - 11);

  // LibreTranslate was asked Japanese and Spanish directly, as its API says.
  const log = await standInLog(request, 'LIBRETRANSLATE');
  expect(log.problems).toEqual([]);
  const pairs = log.seen
    .filter((s) => s.path === '/translate')
    .map((s) => JSON.parse(s.body) as { source: string; target: string; format: string });
  expect(pairs).toContainEqual(
    expect.objectContaining({ source: 'es', target: 'ja', format: 'text' }),
  );
  expect(pairs).toContainEqual(
    expect.objectContaining({ source: 'ja', target: 'es', format: 'text' }),
  );

  await Promise.all([she.context.close(), he.context.close()]);
});

test("an English man reads a Spanish woman's dynamic, comment and About me in English @desktop", async ({
  page,
  request,
}, testInfo) => {
  const her = person('trdw', testInfo);
  const him = person('trdm', testInfo);
  const she = await registerViaApi(request, her, {
    gender: 'female',
    country: 'Spain',
    language: 'es',
  });
  const he = await registerViaApi(request, him, {
    gender: 'male',
    country: 'Britain',
    language: 'en',
  });
  await verifyEmail(request, him, he.token);
  const dynamic = await api<{ id: number }>(request, she.token, '/system/dynamic', {
    method: 'POST',
    data: { content: 'Buenos días', images: [] },
  });
  await api(request, she.token, '/system/comment/add', {
    method: 'POST',
    data: { dynamicId: dynamic.id, content: 'Me gusta la playa' },
  });
  await api(request, she.token, '/system/user/profile', {
    method: 'PUT',
    data: { signature: 'Hoy hace sol' },
  });

  await skipSplash(page);
  await login(page, him.userName, him.password);
  await page.goto(url('/pages/dynamic/dynamic'));
  const card = page.locator(`[data-dynamic-id="${dynamic.id}"]`);
  await expect(card.getByTestId('dynamic-text')).toHaveText('Buenos días');
  await card.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(card.getByTestId('text-translation')).toHaveText('Good morning');
  await shot(page, testInfo, 'feed-translated-dynamic');
  await card.getByRole('button', { name: 'Show original' }).click();
  await expect(card.getByTestId('text-translation')).toBeHidden();

  // Her comment under it, and her About me.
  await page.goto(url(`/pages/dynamic-detail/dynamic-detail?id=${dynamic.id}`));
  const remark = page.getByTestId('comment').filter({ hasText: 'Me gusta la playa' });
  await remark.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(remark.getByTestId('text-translation')).toHaveText('It likes me the beach');
  await shot(page, testInfo, 'dynamic-translated-comment');
  await page.goto(url(`/pages/homepage/homepage?userId=${she.userId}`));
  const about = page.locator('.profile-about');
  await about.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(about.getByTestId('text-translation')).toHaveText('Today it does sun');
  await shot(page, testInfo, 'profile-translated-about');
});
