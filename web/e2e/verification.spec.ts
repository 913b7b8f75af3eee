// Photo verification, end to end: she opens "Verify your photos", copies the pose with the
// front camera (Chromium's fake camera here), and sends the selfie; staff compare it with her
// profile photo side by side and approve; a man whose app is in Japanese then finds her with
// discover's "verified only" and sees the badge on her card. Staff are made with the server's
// operator command, so this story needs the server the stories started.
import { type APIRequestContext, type TestInfo, expect, test } from '@playwright/test';
import { paths } from '../src/lib/paths';
import { signIn } from './chat-people';
import { type Person, login, person, registerViaApi, shot, skipSplash, url } from './helpers';
import { canOperate, operator } from './operator';

test.use({
  launchOptions: {
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
  },
});

async function someone(
  request: APIRequestContext,
  prefix: string,
  testInfo: TestInfo,
  fields: { gender: 'female' | 'male'; language?: string },
): Promise<Person & { userId: number }> {
  const p = person(prefix, testInfo);
  const { userId } = await registerViaApi(request, p, fields);
  return { ...p, userId };
}

test('she verifies her photos with the camera, staff approve, and he sees her badge in Japanese', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.skip(!canOperate(), 'making someone staff needs the server the stories started');
  test.skip(testInfo.project.name !== 'phone', 'one story on the phone is enough');
  const her = await someone(request, 'ver', testInfo, { gender: 'female' });
  const him = await someone(request, 'vjm', testInfo, { gender: 'male', language: 'ja' });
  const staff = await someone(request, 'vst', testInfo, { gender: 'female' });
  operator(['user', 'admin', '--email', staff.email]);

  await skipSplash(page);
  await login(page, her.userName, her.password);
  await page.goto(url(paths.settings));
  await page.getByTestId('verify-photos').click();
  await expect(page).toHaveURL(url(paths.verification));
  await expect(page.getByTestId('pose-name')).toBeVisible();
  await expect(
    page.getByRole('img', { name: await page.getByTestId('pose-name').innerText() }),
  ).toBeVisible();
  await shot(page, testInfo, 'verification-en');

  await page.getByRole('button', { name: 'Open the camera' }).click();
  const preview = page.getByTestId('camera-preview');
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  await shot(page, testInfo, 'verification-camera');
  await page.getByRole('button', { name: 'Take the selfie' }).click();
  await expect(page.getByRole('img', { name: 'Your selfie' })).toBeVisible();
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByText('Your selfie is being reviewed')).toBeVisible();
  await shot(page, testInfo, 'verification-pending');

  // Staff compare the selfie with her profile photo, side by side, and approve.
  const console = await signIn(browser, testInfo, staff);
  await console.page.goto(url('/admin/review'));
  const item = console.page.getByRole('article', { name: `Photo verification of ${her.userName}` });
  await expect(item.getByRole('img', { name: `Selfie of ${her.userName}` })).toBeVisible();
  await expect(item.getByRole('img', { name: `Profile photo of ${her.userName}` })).toBeVisible();
  await shot(console.page, testInfo, 'staff-review-verification');
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(item).toHaveCount(0);
  await console.context.close();

  await page.reload();
  await expect(page.getByText('Your photos are verified')).toBeVisible();

  // He reads the app in Japanese and asks discover for verified people only.
  const his = await signIn(browser, testInfo, him, 'ja');
  await his.page.goto(url(paths.verification));
  await expect(his.page.getByRole('button', { name: 'カメラを起動' })).toBeVisible();
  await shot(his.page, testInfo, 'verification-ja');
  await his.page.goto(url(paths.index));
  await his.page.getByTestId('open-filters').click();
  const sheet = his.page.getByRole('dialog');
  await sheet.getByRole('switch', { name: /写真認証済みのみ/ }).check();
  await sheet.locator('button[type=submit]').click();
  const card = his.page.locator(`[data-testid=person-card][data-user-id="${her.userId}"]`);
  await expect(card.getByRole('img', { name: '写真認証済み' })).toBeVisible();
  await shot(his.page, testInfo, 'verification-ja-discover');
  await his.context.close();
});
