// My own profile: seeing it as others do, and editing it with the rules of registration.
import { expect, test } from '@playwright/test';
import { PHOTO, api, login, person, registerViaApi, shot, skipSplash, url } from './helpers';

interface Info {
  avatar: string;
  signature: string | null;
  country: string;
  language: string;
  telephone: string | null;
}

test('I edit my photo, About me, country, language and telephone, and see them as others do @screens', async ({
  page,
  request,
}, testInfo) => {
  const me = person('edit', testInfo);
  const { token } = await registerViaApi(request, me);
  const before = await api<Info>(request, token, '/getInfo');

  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url('/pages/settings/settings'));
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(url('/pages/settings/settings?view=profile'));
  const form = page.getByTestId('profile-edit');

  // A number the server would refuse is refused here, and nothing is saved.
  await form.getByLabel('Telephone').fill('call me maybe');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Incorrect telephone number')).toBeVisible();
  expect((await api<Info>(request, token, '/getInfo')).telephone).toBeNull();

  await form.getByLabel('Telephone').fill('+34 600 123 456');
  await expect(form.getByText('Incorrect telephone number')).toHaveCount(0);
  await form.getByLabel('About me').fill('Flamenco on Fridays, paella on Sundays.');
  await form.getByLabel('Country').selectOption('Spain');
  await form.getByLabel('Language I speak').selectOption('es');
  await page.getByTestId('avatar-input').setInputFiles(PHOTO);
  const crop = page.getByRole('dialog', { name: 'Crop your photo' });
  await crop.getByRole('button', { name: 'Use this photo' }).click();
  await expect(crop).toBeHidden();
  await shot(page, testInfo, 'en-profile-edit');
  await form.getByRole('button', { name: 'Save' }).click();

  // Saved: my profile as others see it.
  await expect(page.getByTestId('toast')).toContainText('Your profile is saved');
  await expect(page).toHaveURL(url('/pages/homepage/homepage'));
  await expect(page.getByText('Flamenco on Fridays, paella on Sundays.')).toBeVisible();
  await expect(page.getByText('Spain').first()).toBeVisible();
  const after = await api<Info>(request, token, '/getInfo');
  expect(after).toMatchObject({
    signature: 'Flamenco on Fridays, paella on Sundays.',
    country: 'Spain',
    language: 'es',
    telephone: '+34 600 123 456',
  });
  expect(after.avatar).not.toBe(before.avatar);

  // A reload keeps it, and the form opens with what was saved.
  await page.reload();
  await expect(page.getByText('Flamenco on Fridays, paella on Sundays.')).toBeVisible();
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(form.getByLabel('Telephone')).toHaveValue('+34 600 123 456');
  await expect(form.getByLabel('Country')).toHaveValue('Spain');
  await shot(page, testInfo, 'en-profile-edit-again');
});
