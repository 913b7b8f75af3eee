// Stories of a person managing their Amora account, in the real app against the real server.
import { expect, test } from '@playwright/test';
import { lastCodeSentTo } from './mail';
import { PHOTO, login, person, registerViaApi, shot, skipSplash, toast, url } from './helpers';

test('the first launch shows the splash, then the guide, then login', async ({
  page,
}, testInfo) => {
  await page.goto(url('/'));
  await expect(page).toHaveURL(url('/pages/splash/splash'));
  await expect(page.getByRole('heading', { name: 'Amora' })).toBeVisible();
  await shot(page, testInfo, 'en-splash');
  await expect(page).toHaveURL(url('/pages/guide/guide'));
  await expect(page.getByRole('heading', { name: 'Meet people worldwide' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip', exact: true })).toBeVisible();
  await shot(page, testInfo, 'en-guide');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Chat in your own language' })).toBeInViewport();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page).toHaveURL(url('/pages/login/login'));
  // Second launch: straight to login, no splash.
  await page.goto(url('/pages/settings/settings'));
  await expect(page).toHaveURL(url('/pages/login/login'));
});

// The embedded Apertium and the stories' LibreTranslate reach seven languages from each other,
// and nothing from or into Russian: the guide names them and promises no more.
for (const [abbr, language, has, hasNot] of [
  ['ru', 'Russian', 'английский', 'русский'],
  ['ja', 'Japanese', '英語', 'ロシア語'],
] as const) {
  test(`in ${language} the guide's translation card names only the languages translated here`, async ({
    page,
  }, testInfo) => {
    await page.addInitScript(
      ([a, l]) => localStorage.setItem('LANGUAGE', JSON.stringify({ language: l, abbr: a })),
      [abbr, language],
    );
    await page.goto(url('/pages/guide/guide'));
    await page.getByRole('button', { name: abbr === 'ru' ? 'Далее' : '次へ', exact: true }).click();
    const body = page.getByTestId('guide-body-2');
    await expect(body).toBeInViewport();
    await expect(body).toContainText(has);
    await expect(body).not.toContainText(hasNot);
    await shot(page, testInfo, `${abbr}-guide-translation`);
  });
}

test('someone registers with a photo, verifies the email, logs out and back in @screens', async ({
  page,
}, testInfo) => {
  const me = person('reg', testInfo);
  await skipSplash(page);
  await page.goto(url('/pages/login/login'));
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(url('/pages/register/register'));

  // Submitting the empty form shows each problem under its field.
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Please upload a profile photo')).toBeVisible();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await expect(page.getByText('Please check the privacy policy')).toBeVisible();
  await expect(
    page.locator('.field-error', { hasText: 'The password must be 5 to 20 characters' }),
  ).toBeVisible();

  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Incorrect email format')).toBeVisible();
  await page.getByLabel('Birthday').fill(`${new Date().getFullYear() - 17}-01-01`);
  await expect(page.getByText('You are under 18 years old and cannot register')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await expect(
    page.locator('.field-error', { hasText: 'The password must be 5 to 20 characters' }),
  ).toBeVisible();
  await shot(page, testInfo, 'en-register-errors');

  // The photo is cropped square before it is used.
  await page.getByTestId('avatar-input').setInputFiles(PHOTO);
  const crop = page.getByRole('dialog', { name: 'Crop your photo' });
  await expect(crop).toBeVisible();
  await crop.getByLabel('Zoom').fill('1.5');
  await shot(page, testInfo, 'en-register-crop');
  await crop.getByRole('button', { name: 'Use this photo' }).click();
  await expect(crop).toBeHidden();
  await expect(page.getByRole('img', { name: 'Profile photo' })).toBeVisible();

  await page.getByLabel('User name').fill(me.userName);
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByLabel('Confirm password').fill(me.password);
  await page.getByText('Female', { exact: true }).click();
  await page.getByLabel('Country').selectOption('Japan');
  await page.getByLabel('Birthday').fill('1995-03-04');
  await page.getByLabel('About me').fill('I like long walks and good coffee.');
  await page.getByRole('checkbox').check();
  await shot(page, testInfo, 'en-register');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(url('/'));
  await expect(toast(page, `Welcome to Amora, ${me.userName}!`)).toBeVisible();
  await expect(page.getByTestId('person-card').first()).toBeVisible();

  // Straight away, an invitation to verify the email, which earns 80 free characters.
  const prompt = page.getByRole('dialog', { name: 'Verify your email' });
  await expect(prompt).toContainText(me.email);
  await expect(prompt).toContainText('80 free characters');
  await shot(page, testInfo, 'en-discover-verify-prompt');
  const sentAt = Date.now();
  await prompt.getByRole('link', { name: 'Verify now' }).click();

  // Email verification: "Verify now" sends the first code itself; the code from the mail
  // grants 80 characters.
  await expect(page).toHaveURL(url('/pages/settings/settings?verify=email'));
  const card = page.getByTestId('profile-card');
  await expect(card.getByRole('heading', { name: me.userName })).toBeVisible();
  await expect(page.getByTestId('email-status')).toHaveText('Not verified');
  await expect(page.getByText(`We sent a six-digit code to ${me.email}.`)).toBeVisible();
  const codeBox = page.getByLabel('Verification code');
  await expect(codeBox).toBeFocused();
  await expect(codeBox).toBeInViewport();
  await shot(page, testInfo, 'en-settings');
  await codeBox.fill('12');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('Please enter the six-digit code')).toBeVisible();
  const code = await lastCodeSentTo(me.email, sentAt - 1000);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByTestId('verify-reward')).toContainText('You received 80 free characters');
  await expect(page.getByTestId('verify-reward')).toContainText(
    'Your balance is now 80 characters',
  );
  await expect(page.getByTestId('email-status')).toHaveText('Verified');
  await expect(page.getByTestId('characters')).toHaveText('80');
  await shot(page, testInfo, 'en-settings-verified');

  // Log out, then back in with the email instead of the user name.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(url('/pages/login/login'));
  await expect(toast(page, 'You have logged out')).toBeVisible();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('TOKEN'),
    info: localStorage.getItem('USER_INFO'),
    password: localStorage.getItem('PASSWORD'),
  }));
  expect(stored).toEqual({ token: null, info: null, password: null });

  await page.getByLabel('User name or email').fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByTestId('toast').first()).toBeVisible();
  await expect(page).toHaveURL(url('/pages/login/login'));
  await login(page, me.email, me.password);
  const session = await page.evaluate(() => ({
    logined: localStorage.getItem('LOGINED'),
    token: Boolean(localStorage.getItem('TOKEN')),
    userName: localStorage.getItem('USER_NAME'),
    accounts: JSON.parse(localStorage.getItem('UserAccounts') ?? '[]') as {
      user: { userName: string };
    }[],
  }));
  expect(session.logined).toBe('true');
  expect(session.token).toBe(true);
  expect(session.userName).toBe(me.userName);
  expect(session.accounts.map((a) => a.user.userName)).toEqual([me.userName]);
});

test('someone changes the password @desktop', async ({ page, request }, testInfo) => {
  const me = person('pwd', testInfo);
  await registerViaApi(request, me);
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url('/pages/settings/settings'));
  await page.getByRole('button', { name: 'Change password' }).click();
  const form = page.getByTestId('change-password-form');
  await form.getByLabel('Current password').fill(me.password);
  await form.getByLabel('New password', { exact: true }).fill(me.password);
  await form.getByLabel('Confirm new password').fill(me.password);
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(form.getByText('The new password is the same as the old password')).toBeVisible();
  await form.getByLabel('New password', { exact: true }).fill('abc');
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(
    form.getByText('The password must be 5 to 20 characters', { exact: true }).first(),
  ).toBeVisible();
  await shot(page, testInfo, 'en-settings-password');

  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('secret2');
  await form.getByLabel('Confirm new password').fill('secret2');
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(toast(page, 'The old password is incorrect')).toBeVisible();
  await expect(page).toHaveURL(url('/pages/settings/settings'));

  await form.getByLabel('Current password').fill(me.password);
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(toast(page, 'Your password has been changed')).toBeVisible();
  // This session is kept.
  await page.reload();
  await expect(page.getByTestId('profile-card')).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(url('/pages/login/login'));
  await login(page, me.userName, 'secret2');
});

test('an error goes once the person changes what it was about, or a later attempt succeeds @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = person('err', testInfo);
  await registerViaApi(request, me);
  await skipSplash(page);
  // Error toasts otherwise stay 3.5 s: one still there a second after its cause went is stale.
  const gone = { timeout: 1000 };

  // Login: each field's error goes when that field changes.
  await page.goto(url('/pages/login/login'));
  const userName = page.getByLabel('User name or email');
  const password = page.getByLabel('Password', { exact: true });
  const logIn = page.getByRole('button', { name: 'Log in', exact: true });
  await logIn.click();
  const nameMissing = page.getByText('Please enter your user name or email');
  const tooShort = page.locator('.field-error', {
    hasText: 'The password must be 5 to 20 characters',
  });
  await expect(nameMissing).toBeVisible();
  await expect(tooShort).toBeVisible();
  await userName.fill(me.userName);
  await expect(nameMissing).toBeHidden();
  await expect(tooShort).toBeVisible();
  await password.fill('wrong-password');
  await expect(tooShort).toBeHidden();
  // The server's answer goes when the password changes.
  await logIn.click();
  const wrongPassword = toast(page, 'Incorrect user name or password');
  await expect(wrongPassword).toBeVisible();
  await password.fill(me.password);
  await expect(wrongPassword).toHaveCount(0, gone);
  // An attempt the server fails, then the same one succeeds: the failure goes.
  await page.route(
    '**/prod-api/login',
    (route) => route.fulfill({ status: 500, json: { code: 500, msg: 'Server busy', data: null } }),
    { times: 1 },
  );
  await logIn.click();
  const busy = toast(page, 'Server busy');
  await expect(busy).toBeVisible();
  await logIn.click();
  await expect(page).toHaveURL(url('/'));
  await expect(busy).toHaveCount(0, gone);

  // Email verification: the code's error goes when the code changes.
  await page.goto(url('/pages/settings/settings'));
  const sentAt = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = page.getByLabel('Verification code');
  const verify = page.getByRole('button', { name: 'Verify', exact: true });
  await verify.click();
  const sixDigits = page.getByText('Please enter the six-digit code');
  await expect(sixDigits).toBeVisible();
  await code.fill('1');
  await expect(sixDigits).toBeHidden();
  const right = await lastCodeSentTo(me.email, sentAt - 1000);
  await code.fill(right === '000000' ? '111111' : '000000');
  await verify.click();
  const wrongCode = toast(page, 'The verification code is incorrect or has expired');
  await expect(wrongCode).toBeVisible();
  await code.fill(right);
  await expect(wrongCode).toHaveCount(0, gone);
  await page.route(
    '**/prod-api/system/user/updateEmailVerified',
    (route) => route.fulfill({ status: 500, json: { code: 500, msg: 'Server busy', data: null } }),
    { times: 1 },
  );
  await verify.click();
  await expect(busy).toBeVisible();
  await verify.click();
  await expect(page.getByTestId('verify-reward')).toContainText('You received 80 free characters');
  await expect(busy).toHaveCount(0, gone);

  // Password change: the wrong current password's answer goes when it is typed again.
  await page.getByRole('button', { name: 'Change password' }).click();
  const form = page.getByTestId('change-password-form');
  const current = form.getByLabel('Current password');
  const fresh = form.getByLabel('New password', { exact: true });
  const confirm = form.getByLabel('Confirm new password');
  const save = form.getByRole('button', { name: 'Save new password' });
  await current.fill(me.password);
  await fresh.fill(me.password);
  await save.click();
  const same = form.getByText('The new password is the same as the old password');
  await expect(same).toBeVisible();
  await fresh.fill('secret2');
  await expect(same).toBeHidden();
  await confirm.fill('secret3');
  await save.click();
  const mismatch = form.getByText('The two passwords do not match');
  await expect(mismatch).toBeVisible();
  await confirm.fill('secret2');
  await expect(mismatch).toBeHidden();
  await current.fill('not-my-password');
  await save.click();
  const oldWrong = toast(page, 'The old password is incorrect');
  await expect(oldWrong).toBeVisible();
  await current.fill(me.password);
  await expect(oldWrong).toHaveCount(0, gone);
  await save.click();
  await expect(toast(page, 'Your password has been changed')).toBeVisible();
});

test('a forgotten password is reset with the code from the mail', async ({
  page,
  request,
}, testInfo) => {
  const me = person('fgt', testInfo);
  await registerViaApi(request, me);
  await skipSplash(page);
  await page.goto(url('/pages/login/login'));
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.getByLabel('User name').fill(me.userName);
  await page.getByLabel('Email').fill('wrong@');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Incorrect email format')).toBeVisible();
  await shot(page, testInfo, 'en-forget-password');
  await page.getByLabel('Email').fill(me.email);
  const sentAt = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`Enter the code we sent to ${me.email}`)).toBeVisible();
  const code = await lastCodeSentTo(me.email, sentAt - 1000);
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill('fresh42');
  await page.getByLabel('Confirm new password').fill('fresh42');
  await shot(page, testInfo, 'en-forget-password-step2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/pages\/login\/login\?userName=/);
  await expect(page.getByLabel('User name or email')).toHaveValue(me.userName);
  await page.getByLabel('Password', { exact: true }).fill('fresh42');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(url('/'));
});

test('the language switches to Japanese and back @desktop', async ({ page, request }, testInfo) => {
  const me = person('lng', testInfo);
  await registerViaApi(request, me);
  await skipSplash(page);
  await page.goto(url('/pages/login/login'));
  await page.getByTestId('language-select').selectOption('ja');
  await expect(page.getByRole('heading', { name: 'おかえりなさい' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('LANGUAGE'))).toBe(
    JSON.stringify({ language: 'Japanese', abbr: 'ja' }),
  );
  // The server answers in Japanese too.
  await page.getByLabel('ユーザー名またはメールアドレス').fill(me.userName);
  await page.getByLabel('パスワード', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(toast(page, 'ユーザー名またはパスワードが正しくありません')).toBeVisible();
  await page.getByLabel('パスワード', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(url('/'));
  await page.goto(url('/pages/settings/settings'));
  await expect(page.getByRole('heading', { name: '設定', exact: true })).toBeVisible();
  await page.getByTestId('language-select').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
});

test('two accounts are saved and the person switches between them', async ({
  page,
  request,
}, testInfo) => {
  const first = person('one', testInfo);
  const second = person('two', testInfo);
  await registerViaApi(request, first);
  await registerViaApi(request, second);
  await skipSplash(page);
  await login(page, first.userName, first.password);

  await page.goto(url('/pages/switch-account/switch-account'));
  await page.getByRole('link', { name: 'Add account' }).click();
  await expect(page).toHaveURL(url('/pages/multi-login/multi-login'));
  await shot(page, testInfo, 'en-multi-login');
  await page.getByLabel('User name or email').fill(second.userName);
  await page.getByLabel('Password', { exact: true }).fill(second.password);
  await page.getByRole('button', { name: 'Log in and switch' }).click();
  await expect(page).toHaveURL(url('/'));
  await expect(toast(page, `Switched to ${second.userName}`)).toBeVisible();

  await page.goto(url('/pages/switch-account/switch-account'));
  const list = page.getByTestId('saved-accounts');
  // The button that switches to the account (its remove button is named "Remove ...").
  const account = (name: string) => list.getByRole('button', { name: new RegExp(`^${name}`) });
  await expect(account(first.userName)).toBeVisible();
  await expect(account(second.userName)).toHaveAttribute('aria-current', 'true');
  await shot(page, testInfo, 'en-switch-account');

  await account(first.userName).click();
  await expect(page).toHaveURL(url('/'));
  await page.goto(url('/pages/settings/settings'));
  await expect(
    page.getByTestId('profile-card').getByRole('heading', { name: first.userName }),
  ).toBeVisible();

  await page.goto(url('/pages/switch-account/switch-account'));
  await account(second.userName).click();
  await expect(page).toHaveURL(url('/'));
  await page.goto(url('/pages/settings/settings'));
  await expect(
    page.getByTestId('profile-card').getByRole('heading', { name: second.userName }),
  ).toBeVisible();

  // A saved session that has expired sends the person to login with the name filled in.
  await page.evaluate((name) => {
    const list = JSON.parse(localStorage.getItem('UserAccounts') ?? '[]') as {
      user: { userName: string };
      token: string;
    }[];
    for (const a of list) if (a.user.userName === name) a.token = 'expired-token';
    localStorage.setItem('UserAccounts', JSON.stringify(list));
  }, first.userName);
  await page.goto(url('/pages/switch-account/switch-account'));
  await account(first.userName).click();
  await expect(page).toHaveURL(/\/pages\/login\/login\?userName=/);
  await expect(page.getByLabel('User name or email')).toHaveValue(first.userName);
});

test('a saved account is removed from this device after a confirmation @desktop', async ({
  page,
  request,
}, testInfo) => {
  const first = person('rmo', testInfo);
  const second = person('rmt', testInfo);
  await registerViaApi(request, first);
  await registerViaApi(request, second);
  await skipSplash(page);
  await login(page, first.userName, first.password);
  await page.goto(url('/pages/multi-login/multi-login'));
  await page.getByLabel('User name or email').fill(second.userName);
  await page.getByLabel('Password', { exact: true }).fill(second.password);
  await page.getByRole('button', { name: 'Log in and switch' }).click();
  await expect(page).toHaveURL(url('/'));
  const firstToken = await page.evaluate(
    (name) =>
      (
        JSON.parse(localStorage.getItem('UserAccounts') ?? '[]') as {
          user: { userName: string };
          token: string;
        }[]
      ).find((a) => a.user.userName === name)?.token,
    first.userName,
  );

  await page.goto(url('/pages/switch-account/switch-account'));
  const list = page.getByTestId('saved-accounts');
  const account = (name: string) => list.getByRole('button', { name: new RegExp(`^${name}`) });
  const removeFirst = list.getByRole('button', { name: `Remove ${first.userName}` });
  // The account in use is left alone here: logging out is its way.
  await expect(account(second.userName)).toHaveAttribute('aria-current', 'true');
  await expect(list.getByRole('button', { name: `Remove ${second.userName}` })).toHaveCount(0);

  // Cancelled: nothing changes.
  await removeFirst.click();
  const confirm = page.getByRole('dialog', {
    name: `Remove ${first.userName} from this device?`,
  });
  await expect(confirm).toContainText('The account itself stays');
  await shot(page, testInfo, 'en-switch-account-remove');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(account(first.userName)).toBeVisible();

  await removeFirst.click();
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(toast(page, `${first.userName} was removed from this device`)).toBeVisible();
  await expect(account(first.userName)).toHaveCount(0);
  await page.reload();
  await expect(account(second.userName)).toBeVisible();
  await expect(account(first.userName)).toHaveCount(0);
  // Its session on the server ended with it.
  const res = await request.get(url('/prod-api/getInfo'), {
    headers: { Authorization: `Bearer ${firstToken}` },
  });
  expect(((await res.json()) as { code: number }).code).toBe(401);
});

test("the register page's back arrow scrolls away with the form, and leads back to login", async ({
  page,
}) => {
  await skipSplash(page);
  await page.goto(url('/pages/login/login'));
  await page.getByRole('link', { name: 'Create an account' }).click();
  const back = page.getByRole('button', { name: 'Back' });
  await expect(back).toBeInViewport();
  // The email field at the top of the screen: no arrow floats over it.
  await page.getByLabel('Email').evaluate((field) => field.scrollIntoView({ block: 'start' }));
  await expect(page.getByLabel('Email')).toBeInViewport();
  await expect(back).not.toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  await back.click();
  await expect(page).toHaveURL(url('/pages/login/login'));
});

test("the signed-out pages' background reaches every edge of the window @desktop", async ({
  page,
}) => {
  await skipSplash(page);
  for (const path of ['/pages/login/login', '/pages/register/register']) {
    await page.goto(url(path));
    await expect(page.locator('.auth-card')).toBeVisible();
    const background = await page.locator('.auth-page').evaluate((el) => {
      const box = el.getBoundingClientRect();
      return {
        top: box.top + window.scrollY,
        left: box.left,
        right: box.right,
        coversPage: box.bottom + window.scrollY >= document.documentElement.scrollHeight,
      };
    });
    expect(background, path).toEqual({
      top: 0,
      left: 0,
      right: await page.evaluate(() => document.documentElement.clientWidth),
      coversPage: true,
    });
  }
});

test('an expired session says so and goes to login @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = person('exp', testInfo);
  await registerViaApi(request, me);
  await skipSplash(page);
  await login(page, me.userName, me.password);
  // The token goes stale where no page of the app runs: a call of the page left behind would
  // otherwise be the one refused, and say so on that page.
  await page.goto(url('/healthz'));
  await page.evaluate(() => localStorage.setItem('TOKEN', 'no-longer-valid'));
  await page.goto(url('/pages/settings/settings'));
  await expect(toast(page, 'Login has expired, please log in again')).toBeVisible();
  await expect(page).toHaveURL(url('/pages/login/login'));
  const left = await page.evaluate(() =>
    ['TOKEN', 'IM_TOKEN', 'UNREAD_NUMBER', 'USER_INFO', 'listRed'].map((k) =>
      localStorage.getItem(k),
    ),
  );
  expect(left).toEqual([null, null, null, null, null]);
});

test('someone deletes the account after giving the password again', async ({
  page,
  request,
}, testInfo) => {
  const me = person('del', testInfo);
  await registerViaApi(request, me);
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url('/pages/settings/settings'));
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const password = dialog.getByLabel('Enter your password to delete the account');
  await expect(password).toBeVisible();
  await shot(page, testInfo, 'en-settings-delete');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // A wrong password deletes nothing: the server's message shows in the dialog.
  await page.getByRole('button', { name: 'Delete account' }).click();
  await password.fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await expect(
    dialog.getByText('The password is incorrect; your account has not been deleted'),
  ).toBeVisible();
  await expect(page).toHaveURL(url('/pages/settings/settings'));

  await password.fill(me.password);
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await expect(page).toHaveURL(url('/pages/login/login'));
  await expect(toast(page, 'Your account has been deleted')).toBeVisible();
  const left = await page.evaluate(() => ({
    token: localStorage.getItem('TOKEN'),
    accounts: localStorage.getItem('UserAccounts'),
  }));
  expect(left).toEqual({ token: null, accounts: '[]' });
  await page.getByLabel('User name or email').fill(me.userName);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByTestId('toast').first()).toBeVisible();
  await expect(page).toHaveURL(url('/pages/login/login'));
});

test('in Russian, the code box stays after a reload and an earlier code still verifies after a new one', async ({
  page,
  request,
}, testInfo) => {
  const me = person('cod', testInfo);
  await registerViaApi(request, me, { language: 'ru' });
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.evaluate(() =>
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Russian', abbr: 'ru' })),
  );
  await page.goto(url('/pages/settings/settings'));
  const sentAt = Date.now();
  await page.getByRole('button', { name: 'Отправить код' }).click();
  const sent = page.getByText(`Мы отправили шестизначный код на ${me.email}.`);
  await expect(sent).toBeVisible();
  const first = await lastCodeSentTo(me.email, sentAt - 1000);

  // A reload keeps the code box: she goes on with the code she has read.
  await page.reload();
  await expect(sent).toBeVisible();
  await expect(page.getByLabel('Код подтверждения')).toBeVisible();

  // Sending again does not cancel the code she has just read.
  const againAt = Date.now();
  await page.getByRole('button', { name: 'Отправить новый код' }).click();
  await lastCodeSentTo(me.email, againAt);
  await page.getByLabel('Код подтверждения').fill(first);
  await shot(page, testInfo, 'ru-settings-code');
  await page.getByRole('button', { name: 'Подтвердить', exact: true }).click();
  await expect(page.getByTestId('verify-reward')).toContainText('Почта подтверждена!');
});
