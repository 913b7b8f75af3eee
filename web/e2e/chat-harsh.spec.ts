// "Are you sure?" (issue 38): a Spanish-speaking man writes an insult, is asked again, keeps his
// text, sends it anyway; the Russian-speaking woman reading it is asked "Does this bother you?"
// and reports him in one tap. On a phone (390 px).
import { type Page, expect, test } from '@playwright/test';
import { chatLive, chatUrl, signIn } from './chat-people';
import { person, registerViaApi, shot } from './helpers';

/** The app's language from now on, read at the reload. */
async function speak(page: Page, abbr: 'es' | 'ru', language: string) {
  await page.evaluate((stored) => localStorage.setItem('LANGUAGE', JSON.stringify(stored)), {
    language,
    abbr,
  });
  const live = chatLive(page);
  await page.reload();
  await live;
}

test('an insult is asked about, sent anyway, and reported by its reader in one tap', async ({
  browser,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone story');
  const him = { ...person('hrs', testInfo), gender: 'male' as const };
  const her = { ...person('hrr', testInfo), gender: 'female' as const };
  const hisId = (await registerViaApi(request, him, { gender: 'male' })).userId;
  const herId = (await registerViaApi(request, her, { gender: 'female' })).userId;

  const he = await signIn(browser, testInfo, him);
  await he.page.goto(chatUrl({ ...her, userId: herId }));
  await speak(he.page, 'es', 'Spanish');
  const input = he.page.getByLabel('Escribe un mensaje');
  const insult = 'Eres un cabrón';
  await input.fill(insult);
  await input.press('Enter');

  const ask = he.page.getByRole('dialog', { name: '¿Seguro que quieres enviarlo?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Este mensaje puede hacer daño.');
  await expect(input).toHaveValue(insult);
  await expect(he.page.getByTestId('message')).toHaveCount(0);
  await shot(he.page, testInfo, 'chat-harsh-ask');

  // Edit keeps the text; asked again, he sends it anyway.
  await ask.getByRole('button', { name: 'Editar' }).click();
  await expect(ask).toBeHidden();
  await expect(input).toHaveValue(insult);
  await input.press('Enter');
  await ask.getByRole('button', { name: 'Enviar de todos modos' }).click();
  await expect(input).toHaveValue('');
  await expect(he.page.getByTestId('message').filter({ hasText: insult })).toHaveCount(1);
  await expect(he.page.locator('[data-status]')).toHaveCount(0);
  await expect(he.page.getByTestId('harsh-notice')).toHaveCount(0);

  const she = await signIn(browser, testInfo, her);
  await she.page.goto(chatUrl({ ...him, userId: hisId }));
  await speak(she.page, 'ru', 'Russian');
  const notice = she.page.getByTestId('harsh-notice');
  await expect(notice).toContainText('Вас беспокоит это сообщение?');
  await shot(she.page, testInfo, 'chat-harsh-notice');

  const reported = she.page.waitForResponse((r) => r.url().includes('/system/form/add'));
  await notice.getByRole('button', { name: 'Пожаловаться' }).click();
  const response = await reported;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({
    userId: hisId,
    reason: 'harassment',
    content: insult,
  });
  await expect(notice).toHaveText('Спасибо. Мы получили вашу жалобу.');
  // Answered once: not asked again.
  const live = chatLive(she.page);
  await she.page.reload();
  await live;
  await expect(she.page.getByTestId('message')).toHaveCount(1);
  await expect(notice).toHaveCount(0);

  await he.context.close();
  await she.context.close();
});
