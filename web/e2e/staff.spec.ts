// Stories of the operator console and of what keeps people safe: staff work the reports queue
// and ban someone while that person is chatting (they are signed out at once and told why and
// until when); a banned person appeals once and learns what staff decided; staff approve an album photo from the review queue, publish a
// notice, read a reported group's lines and close the group, and the console stays hidden from
// everyone else. For people: reporting asks "Are you
// sure?" first, a risky first message comes with a safety notice for its recipient only, and a
// message sent to many people is held with the server's words. Staff are made with the server's
// operator command, so these stories need the server the stories started.
import fs from 'node:fs';
import { type APIRequestContext, type Page, type TestInfo, expect, test } from '@playwright/test';
import { paths, profileHref } from '../src/lib/paths';
import { chatLive, chatUrl, signIn } from './chat-people';
import {
  PHOTO,
  type Person,
  api,
  login,
  person,
  registerViaApi,
  setLanguageOnLoginPage,
  shot,
  skipSplash,
  toast,
  url,
} from './helpers';
import { canOperate, operator } from './operator';
import { buy } from './purchases';

interface Account extends Person {
  userId: number;
  token: string;
  gender: 'female' | 'male';
}

async function someone(
  request: APIRequestContext,
  prefix: string,
  testInfo: TestInfo,
  gender: 'female' | 'male' = 'female',
): Promise<Account> {
  const p = person(prefix, testInfo);
  const { userId, token } = await registerViaApi(request, p, {
    gender,
    country: gender === 'male' ? 'Germany' : 'Japan',
  });
  return { ...p, userId, token, gender };
}

/** Someone the operator made staff (`amora user admin`). */
async function staffMember(request: APIRequestContext, testInfo: TestInfo): Promise<Account> {
  const who = await someone(request, 'stf', testInfo);
  operator(['user', 'admin', '--email', who.email]);
  return who;
}

async function signInHere(page: Page, who: Person) {
  await skipSplash(page);
  await login(page, who.userName, who.password);
}

function photoData(): string {
  return `data:image/png;base64,${fs.readFileSync(PHOTO).toString('base64')}`;
}

test.beforeEach(() => {
  test.skip(!canOperate(), 'making someone staff needs the server the stories started');
});

test('staff work the reports queue: the reported person is banned while chatting, and signed out', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const staff = await staffMember(request, testInfo);
  const victim = await someone(request, 'vic', testInfo);
  const scammer = await someone(request, 'scm', testInfo, 'male');
  await api(request, scammer.token, '/system/content/sendMsg', {
    method: 'POST',
    data: {
      to: victim.userId,
      msgType: 'txt',
      content: { text: 'Please help, I need 500 dollars' },
    },
  });
  await api(request, victim.token, '/system/form/add', {
    method: 'POST',
    data: { userId: scammer.userId, reason: 'scam', content: 'He asks me for money.' },
  });

  // He has his chat with her open on his own device.
  const his = await signIn(browser, testInfo, scammer);
  await his.page.goto(chatUrl(victim));
  await expect(his.page.getByTestId('message').first()).toBeVisible();

  await signInHere(page, staff);
  await page.goto(url('/pages/settings/settings'));
  await page.getByRole('link', { name: 'Operator console' }).click();
  await expect(page).toHaveURL(url('/admin'));
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByTestId('key-hint')).toContainText('dismiss');
  const item = page.getByRole('article', { name: `Report about ${scammer.userName}` });
  await expect(item).toContainText('Scam or fraud');
  await expect(item).toContainText(`reported by ${victim.userName}`);
  await expect(item).toContainText('He asks me for money.');
  await shot(page, testInfo, 'staff-reports');

  // From the keyboard, with nothing focused: j reaches the first report, j again the next, and
  // Enter opens the one in focus.
  await page.keyboard.press('j');
  for (let i = 0; i < 100; i += 1) {
    if (await item.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('j');
  }
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/reports\/\d+$/);
  await expect(page.getByRole('region', { name: 'Reported person' })).toContainText(
    scammer.userName,
  );
  await expect(page.getByText('Please help, I need 500 dollars')).toBeVisible();
  await shot(page, testInfo, 'staff-report');

  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  const ban = page.getByRole('dialog', { name: `Ban ${scammer.userName}` });
  await expect(ban.getByLabel('Reason')).toHaveValue('Scam or fraud');
  await expect(ban.getByLabel('What they are told')).toHaveValue('scam');
  await ban.getByLabel('Days').fill('0');
  await ban.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(ban.getByText('Give a number of days from 1 to 3650')).toBeVisible();
  await ban.getByLabel('Days').fill('');
  await ban.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(toast(page, `${scammer.userName} has been banned`)).toBeVisible();
  await expect(page).toHaveURL(url('/admin'));
  await expect(page.getByRole('article', { name: `Report about ${scammer.userName}` })).toHaveCount(
    0,
  );

  // His socket was closed: his device signs him out and says why, never "Login has expired".
  await expect(his.page).toHaveURL(url(paths.suspended), { timeout: 20_000 });
  await expect(his.page.getByTestId('suspension-reason')).toHaveText(
    'Scams or asking people for money',
  );
  await expect(his.page.getByTestId('suspension-until')).toHaveText('Until our team lifts it');
  await expect(his.page.getByText('Login has expired, please log in again')).toHaveCount(0);
  await shot(his.page, testInfo, 'staff-suspended-login');
  await his.context.close();

  // His page in the console: banned, the report closed, the ban in his history.
  await page.goto(url(`/admin/users/${scammer.userId}`));
  await expect(page.getByTestId('account-status').first()).toHaveText('Banned');
  await expect(page.getByTestId('ban-state')).toContainText('Banned until staff lift it.');
  await expect(page.getByTestId('audit-row').filter({ hasText: 'user.ban' })).toHaveCount(1);
  await shot(page, testInfo, 'staff-user');
});

test('staff approve an album photo from the review queue, and members then see it @desktop', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const staff = await staffMember(request, testInfo);
  const owner = await someone(request, 'alb', testInfo);
  await buy(request, owner.token, 'vip-1m');
  await api(request, owner.token, '/system/catalog/add', {
    method: 'POST',
    data: { images: [photoData()] },
  });
  const viewer = await someone(request, 'alw', testInfo, 'male');
  await buy(request, viewer.token, 'vip-1m');

  // Before any decision she is the only one who sees it.
  const his = await signIn(browser, testInfo, viewer);
  await his.page.goto(url(profileHref(owner.userId)));
  await expect(his.page.getByTestId('profile-name')).toHaveText(owner.userName);
  await his.page.waitForLoadState('networkidle');
  await expect(his.page.getByTestId('album-strip')).toHaveCount(0);

  await signInHere(page, staff);
  await page.goto(url('/admin/review'));
  await expect(page.getByTestId('key-hint')).toContainText('approve');
  const photo = page.getByRole('article', { name: `Album photo of ${owner.userName}` });
  await expect(photo).toBeVisible();
  await shot(page, testInfo, 'staff-review');
  await photo.focus();
  await page.keyboard.press('a');
  await expect(photo).toHaveCount(0);

  await his.page.reload();
  await expect(his.page.getByTestId('album-strip').getByRole('img')).toHaveCount(1);
  await his.context.close();
});

test('on a phone staff take down a flagged post with a reason, and its author reads why in Russian', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const staff = await staffMember(request, testInfo);
  const p = person('olg', testInfo);
  const author = await registerViaApi(request, p, { gender: 'female', language: 'ru' });
  const flagger = await someone(request, 'flg', testInfo, 'male');
  const { id } = await api<{ id: number }>(request, author.token, '/system/dynamic', {
    method: 'POST',
    data: { content: 'Куплю подписчиков недорого', images: [] },
  });
  await api(request, flagger.token, '/system/dynamic/sign?year=2026', {
    method: 'PUT',
    data: { id, reason: 'spam' },
  });

  await signInHere(page, staff);
  await page.goto(url('/admin/review'));
  // No keyboard on a phone: no key hints.
  await expect(page.getByTestId('key-hint')).toBeHidden();
  // The menu shows every section, each inside the screen.
  const menu = page.getByRole('button', { name: 'Review', expanded: false });
  await menu.click();
  const width = page.viewportSize()?.width ?? 390;
  for (const name of [
    'Reports',
    'People',
    'Notices',
    'Versions',
    'Products',
    'Client errors',
    'Audit log',
  ]) {
    const link = page.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, name).toBeTruthy();
  }
  await page.getByRole('button', { name: 'Review', expanded: true }).click();

  const post = page.getByRole('article', { name: `Post by ${p.userName}` });
  await expect(post.getByRole('button', { name: 'Keep' })).toBeVisible();
  await expect(post.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await post.getByRole('button', { name: 'Take down' }).click();
  await page.getByLabel('Spam or advertising').check();
  await page.getByLabel('A note to the person (optional)').fill('Продавать подписчиков нельзя.');
  await page.getByTestId('take-down').click();
  await expect(post).toHaveCount(0);

  const hers = await signIn(browser, testInfo, p);
  await hers.page.evaluate(() =>
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Russian', abbr: 'ru' })),
  );
  await hers.page.goto(url(paths.bulletin));
  const notice = hers.page.getByText('Ваша запись удалена');
  await expect(notice).toBeVisible();
  await expect(hers.page.getByText(/Причина: спам или реклама\./).first()).toBeVisible();
  await shot(hers.page, testInfo, 'staff-take-down-notice-ru');
  await hers.context.close();
});

test('staff publish a notice, and the person it is for reads it in the Bulletin @desktop', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const staff = await staffMember(request, testInfo);
  const reader = await someone(request, 'rdr', testInfo);
  const title = `Your album is ready ${Date.now()}`;

  await signInHere(page, staff);
  await page.goto(url('/admin/notices'));
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Give a title', { exact: true })).toBeVisible();
  await page.getByLabel('Language').selectOption('en');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Text').fill('Thank you for waiting. Your photos are now visible.');
  await page.getByLabel('For one person (user id)').fill(String(reader.userId));
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Notice published')).toBeVisible();
  const published = page.getByTestId('staff-notice').filter({ hasText: title });
  await expect(published).toContainText(`For #${reader.userId}`);

  const hers = await signIn(browser, testInfo, reader);
  await hers.page.goto(url(paths.bulletin));
  await expect(hers.page.getByTestId('notice').filter({ hasText: title })).toBeVisible();

  // Deleted, it leaves her bulletin too.
  await published.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this notice?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'Notice deleted')).toBeVisible();
  await expect(published).toHaveCount(0);
  await hers.page.reload();
  await expect(hers.page.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
  await expect(
    hers.page.getByTestId('bulletin-empty').or(hers.page.getByTestId('notice').first()),
  ).toBeVisible();
  await expect(hers.page.getByTestId('notice').filter({ hasText: title })).toHaveCount(0);
  await hers.context.close();
});

test('anyone but staff finds nothing at /admin, and the API refuses them', async ({
  page,
  request,
}, testInfo) => {
  const member = await someone(request, 'nst', testInfo);
  await signInHere(page, member);
  for (const path of ['/admin', '/admin/review', '/admin/users/1']) {
    await page.goto(url(path));
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console sections' })).toHaveCount(0);
  }
  await page.goto(url('/pages/settings/settings'));
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Operator console' })).toHaveCount(0);

  const res = await request.get(url('/prod-api/admin/reports'), {
    headers: { Authorization: `Bearer ${member.token}` },
  });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { msg: string }).msg).toBe('Only staff may do this');
});

test('reporting someone asks "Are you sure?" first, and Cancel sends nothing @desktop', async ({
  page,
  request,
}, testInfo) => {
  const staff = await staffMember(request, testInfo);
  const me = await someone(request, 'sur', testInfo);
  const them = await someone(request, 'sut', testInfo, 'male');
  const reportsAgainst = async () => {
    const found = await api<{ reportsAgainst: number }>(
      request,
      staff.token,
      `/admin/users/${them.userId}`,
    );
    return found.reportsAgainst;
  };

  await signInHere(page, me);
  await page.goto(url(profileHref(them.userId)));
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('button', { name: 'Report' }).click();
  const form = page.getByRole('dialog', { name: `Report ${them.userName}` });
  await form.getByText('Spam').click();
  await form.getByRole('button', { name: 'Send report' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this report?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect(await reportsAgainst()).toBe(0);

  await form.getByRole('button', { name: 'Send report' }).click();
  await confirm.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(page, 'Thank you. Our team will review your report.')).toBeVisible();
  expect(await reportsAgainst()).toBe(1);

  // Blocking asks the same way.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByRole('dialog', { name: `Block ${them.userName}?` })).toBeVisible();
});

test('a first message with a link warns its recipient, never its sender', async ({
  browser,
  request,
}, testInfo) => {
  const him = await someone(request, 'lnk', testInfo, 'male');
  const her = await someone(request, 'lnr', testInfo);

  const he = await signIn(browser, testInfo, him);
  await he.page.goto(chatUrl(her));
  const input = he.page.getByLabel('Type a message');
  await input.fill('Hi! Find me at www.example-dates.com');
  await input.press('Enter');
  await expect(he.page.getByTestId('message').filter({ hasText: 'example-dates' })).toHaveCount(1);
  await expect(he.page.locator('[data-status]')).toHaveCount(0);
  await input.fill('See you there: www.example-dates.com/later');
  await input.press('Enter');
  await expect(he.page.getByTestId('message')).toHaveCount(2);
  await expect(he.page.getByTestId('caution-notice')).toHaveCount(0);

  const she = await signIn(browser, testInfo, her);
  const live = chatLive(she.page);
  await she.page.goto(chatUrl(him));
  await live;
  await expect(she.page.getByTestId('message')).toHaveCount(2);
  // Only the first message is marked.
  const notice = she.page.getByTestId('caution-notice');
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('Be careful: this first message contains a link.');
  await expect(notice).toContainText(
    'Never send money or personal details to someone you have not met.',
  );
  await shot(she.page, testInfo, 'chat-caution');
  await expect(he.page.getByTestId('caution-notice')).toHaveCount(0);

  await notice.getByRole('link', { name: 'Safety tips' }).click();
  await expect(she.page).toHaveURL(url(paths.safety));
  await expect(she.page.getByRole('heading', { name: 'Safety tips', level: 1 })).toBeVisible();
  await expect(
    she.page.getByRole('heading', { name: 'Never send money or gift cards' }),
  ).toBeVisible();
  await shot(she.page, testInfo, 'safety');
  await he.context.close();
  await she.context.close();
});

test('a text sent to many people is held, and the sender reads why @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const him = await someone(request, 'rpt', testInfo, 'male');
  const text = `Hello beautiful, I am a lonely engineer abroad ${Date.now()}`;
  // Nine people get it; the tenth is where it stops.
  for (let i = 0; i < 9; i += 1) {
    const her = await someone(request, `rp${i}`, testInfo);
    await api(request, him.token, '/system/content/sendMsg', {
      method: 'POST',
      data: { to: her.userId, msgType: 'txt', content: { text } },
    });
  }
  const tenth = await someone(request, 'rpx', testInfo);
  const he = await signIn(browser, testInfo, him);
  await he.page.goto(chatUrl(tenth));
  const input = he.page.getByLabel('Type a message');
  await input.fill(text);
  await input.press('Enter');
  await expect(he.page.getByTestId('chat-notice')).toContainText(
    'This message looks like one sent to many people and is held for review.',
  );
  await he.context.close();
});

test('in Japanese, a banned person sees why and until when, appeals once, and learns staff kept the ban', async ({
  page,
  request,
}, testInfo) => {
  const her = await someone(request, 'ban', testInfo);
  const staff = await staffMember(request, testInfo);
  await api(request, staff.token, `/admin/users/${her.userId}/ban`, {
    method: 'POST',
    data: { reason: 'Photos of a model', code: 'fake_profile', days: 7 },
  });

  await skipSplash(page);
  await page.goto(url(paths.login));
  await setLanguageOnLoginPage(page, 'ja');
  // The language chosen on the login page stays chosen after each ban answer.
  const logIn = async () => {
    await page.goto(url(paths.login));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.getByLabel('ユーザー名またはメールアドレス').fill(her.userName);
    await page.getByLabel('パスワード', { exact: true }).fill(her.password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page).toHaveURL(url(paths.suspended));
  };
  await logIn();
  await expect(
    page.getByRole('heading', { name: 'あなたのアカウントは利用停止されています' }),
  ).toBeVisible();
  await expect(page.getByTestId('suspension-reason')).toHaveText('偽のプロフィールや他人の写真');
  const year = new Date(Date.now() + 7 * 86_400_000).getUTCFullYear();
  await expect(page.getByTestId('suspension-until')).toContainText(`${year}年`);

  await page.getByRole('button', { name: '申し立てを送信' }).click();
  await expect(page.getByText('利用停止を解除すべき理由を書いてください')).toBeVisible();
  await page.getByLabel('申し立て内容').fill('写真は本人です。パスポートもお見せできます。');
  await page.getByRole('button', { name: '申し立てを送信' }).click();
  await expect(page.getByTestId('appeal-state')).toContainText('申し立ては');
  await expect(page.getByRole('button', { name: '申し立てを送信' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('appeal-state')).toContainText('申し立ては');
  await shot(page, testInfo, 'ja-suspended-appeal-sent');

  // Staff read it in the review queue and keep the ban; her next try says so.
  const queue = await api<{ appeals: { id: number; userId: number; text: string }[] }>(
    request,
    staff.token,
    '/admin/review',
  );
  const appeal = queue.appeals.find((a) => a.userId === her.userId);
  expect(appeal?.text).toBe('写真は本人です。パスポートもお見せできます。');
  await api(request, staff.token, `/admin/review/appeal/${appeal?.id}`, {
    method: 'POST',
    data: { decision: 'reject' },
  });
  await page.getByRole('link', { name: 'ログインに戻る' }).click();
  await expect(page).toHaveURL(url(paths.login));
  await logIn();
  await expect(page.getByTestId('appeal-state')).toContainText('利用停止を継続すると判断しました');
  await shot(page, testInfo, 'ja-suspended-appeal-kept');
});

test('staff read the lines of a reported group and close it: its members can send no more @desktop', async ({
  page,
  request,
}, testInfo) => {
  const staff = await staffMember(request, testInfo);
  const owner = await someone(request, 'gow', testInfo, 'male');
  const ana = await someone(request, 'gan', testInfo);
  const yuki = await someone(request, 'gyu', testInfo);
  // He talks to both first: they are people he may put in a group.
  for (const [i, them] of [ana, yuki].entries()) {
    await api(request, owner.token, '/system/content/sendMsg', {
      method: 'POST',
      data: { to: them.userId, msgType: 'txt', content: { text: 'Hi!' }, clientId: `hi-${i}` },
    });
  }
  const name = `Deals ${testInfo.project.name}`;
  const group = await api<{ id: number }>(request, owner.token, '/em/groups', {
    method: 'POST',
    data: { name, userIds: [ana.userId, yuki.userId] },
  });
  for (const text of ['Cheap watches here', 'Send 50 dollars to join']) {
    await api(request, owner.token, '/system/content/sendMsg', {
      method: 'POST',
      data: { groupId: group.id, msgType: 'txt', content: { text } },
    });
  }
  await api(request, ana.token, `/em/groups/${group.id}/report`, {
    method: 'POST',
    data: { reason: 'scam', content: 'This group sells fakes.' },
  });

  await signInHere(page, staff);
  await page.goto(url('/admin'));
  const item = page.getByRole('article', { name: `Report about ${owner.userName}` });
  await expect(item.getByTestId('report-group')).toHaveText(`Group: ${name}`);
  await item.getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('region', { name: 'Owner of the group' })).toContainText(
    owner.userName,
  );
  const lines = page.getByRole('region', { name: `In the group ${name}` });
  await expect(lines.getByTestId('group-lines').locator('li').first()).toContainText(
    'Send 50 dollars to join',
  );
  await expect(lines).toContainText(`${owner.userName} created the group`);
  await shot(page, testInfo, 'staff-group-report');

  await page.getByRole('button', { name: 'Close the group' }).click();
  const confirm = page.getByRole('dialog', { name: `Close the group ${name}?` });
  await confirm.getByRole('button', { name: 'Close the group' }).click();
  await expect(toast(page, `The group ${name} has been closed`)).toBeVisible();
  await expect(page).toHaveURL(url('/admin'));
  await expect
    .poll(
      async () =>
        (await api<{ ended: boolean }>(request, yuki.token, `/em/groups/${group.id}`)).ended,
    )
    .toBe(true);
});
