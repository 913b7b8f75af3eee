// Chat translation: a Spanish woman reads an English man in Spanish. Her characters come from
// verifying her email (80 characters); the server translates with Apertium.
import { expect, test } from '@playwright/test';
import { api, login, person, registerViaApi, skipSplash, url } from './helpers';
import { chatLive } from './chat-people';
import { lastCodeSentTo } from './mail';

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
  const before = Date.now();
  const sent = await request.post(url('/prod-api/system/user/sendEmail'), {
    headers: { Authorization: `Bearer ${she.token}` },
    form: {},
  });
  expect(sent.ok()).toBe(true);
  const code = await lastCodeSentTo(her.email, before);
  const verified = await request.post(url('/prod-api/system/user/updateEmailVerified'), {
    headers: { Authorization: `Bearer ${she.token}` },
    form: { code },
  });
  expect(((await verified.json()) as { code: number }).code).toBe(200);

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

  // What he writes now translates by itself.
  await live;
  await sendText('Good night');
  const night = bubble('Good night');
  await expect(night.getByTestId('translation')).toBeVisible();
  await expect(night.getByTestId('translation')).not.toHaveText('');
});
