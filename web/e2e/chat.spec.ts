// Stories of two people chatting in real time, each in their own browser: messages, receipts and
// typing as they happen, what someone offline missed, recall and delete, photos for members, and
// the refusals (blocked, same gender, empty). The server runs in demo mode (demo / demo1234 is a
// member).
import { type Page, type TestInfo, expect, test } from '@playwright/test';
import { chatLive, chatUrl, openActions, signIn } from './chat-people';
import {
  PHOTO,
  type Person,
  api,
  person,
  registerViaApi,
  shot,
  toast,
  tokenOf,
  url,
} from './helpers';

const DEMO = { userName: 'demo', password: 'demo1234' };

interface Account {
  userId: number;
  userName: string;
  gender: 'female' | 'male';
}

/** Opens the chat from the person's profile, as someone would. */
async function openChatFromProfile(page: Page, them: Account) {
  await page.goto(url(`/pages/homepage/homepage?userId=${them.userId}`));
  await page.getByRole('link', { name: 'Message', exact: true }).first().click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(them.userName) }),
  ).toBeVisible();
}

async function send(page: Page, text: string, lang: 'en' | 'ja' = 'en') {
  const input = page.getByLabel(lang === 'ja' ? 'メッセージを入力' : 'Type a message');
  await input.fill(text);
  await input.press('Enter');
}

const bubble = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

async function register(
  request: Parameters<typeof registerViaApi>[0],
  prefix: string,
  testInfo: TestInfo,
  gender: 'female' | 'male',
) {
  const p = person(prefix, testInfo);
  const { userId, token } = await registerViaApi(request, p, {
    gender,
    country: gender === 'male' ? 'Germany' : 'Japan',
  });
  return { ...p, userId, token, gender } as Person & Account & { token: string };
}

test('two people chat in real time: receipts, the unread badge, typing and emoji @screens', async ({
  browser,
  request,
}, testInfo) => {
  const him = await register(request, 'rtm', testInfo, 'male');
  const her = await register(request, 'rtw', testInfo, 'female');

  const she = await signIn(browser, testInfo, her);
  await she.page.getByRole('link', { name: 'Messages' }).filter({ visible: true }).first().click();
  await expect(she.page.getByTestId('conversations-empty')).toBeVisible();

  const he = await signIn(browser, testInfo, him);
  await openChatFromProfile(he.page, her);
  await send(he.page, 'Hi! How is your week going?');
  // Stored, then on her device while she is on her message list.
  await expect(
    bubble(he.page, 'How is your week').getByRole('img', { name: 'Delivered' }),
  ).toBeVisible();

  const row = she.page.getByTestId('conversation').filter({ hasText: him.userName });
  await expect(row).toContainText('Hi! How is your week going?');
  await expect(row.getByTestId('unread-badge')).toHaveText('1');
  const tabBadge = she.page
    .locator('a:visible', { hasText: 'Messages' })
    .getByTestId('count-badge');
  await expect(tabBadge).toHaveText('1');
  expect(await she.page.evaluate(() => localStorage.getItem('UNREAD_NUMBER'))).toBe('1');

  // She opens it: read for him, and nothing left unread for her.
  await row.click();
  await expect(bubble(she.page, 'How is your week')).toBeVisible();
  await expect(
    bubble(he.page, 'How is your week').getByRole('img', { name: 'Read' }),
  ).toBeVisible();
  await expect.poll(() => she.page.evaluate(() => localStorage.getItem('UNREAD_NUMBER'))).toBe('0');

  // While her chat with him is open, what he sends is read on arrival, not counted.
  await send(he.page, 'I went hiking on Sunday');
  await expect(bubble(she.page, 'hiking on Sunday')).toBeVisible();
  await expect(
    bubble(he.page, 'hiking on Sunday').getByRole('img', { name: 'Read' }),
  ).toBeVisible();
  expect(await she.page.evaluate(() => localStorage.getItem('UNREAD_NUMBER'))).toBe('0');

  // He sees her typing, then her answer, then an emoji she put into the text box and sent.
  await she.page.getByLabel('Type a message').pressSequentially('Lovely!');
  await expect(he.page.getByTestId('typing')).toBeVisible();
  await expect(he.page.getByRole('heading', { level: 1 })).toContainText('typing…');
  await she.page.getByLabel('Type a message').press('Enter');
  await expect(bubble(he.page, 'Lovely!')).toBeVisible();
  await expect(he.page.getByTestId('typing')).toBeHidden();
  await she.page.getByRole('button', { name: 'Emoji' }).click();
  await she.page.getByRole('button', { name: '[wave]' }).click();
  await expect(she.page.getByLabel('Type a message')).toHaveValue('👋');
  await she.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bubble(he.page, '👋')).toBeVisible();

  // An empty message is stopped before it leaves.
  await he.page.getByLabel('Type a message').fill('   ');
  await he.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toast(he.page, "Can't send empty messages!")).toBeVisible();

  // Back on his list, the conversation shows her last message.
  await he.page.getByRole('button', { name: 'Back' }).click();
  await expect(he.page.getByTestId('conversation').filter({ hasText: her.userName })).toContainText(
    '👋',
  );
  await he.context.close();
  await she.context.close();
});

test('someone who went offline comes back to what they missed', async ({
  browser,
  request,
}, testInfo) => {
  const him = await register(request, 'ofm', testInfo, 'male');
  const her = await register(request, 'ofw', testInfo, 'female');
  const she = await signIn(browser, testInfo, her);
  const he = await signIn(browser, testInfo, him);
  await openChatFromProfile(he.page, her);
  await send(he.page, 'Are you around tonight?');
  const live = chatLive(she.page);
  await she.page.goto(chatUrl(him));
  await live;
  await expect(bubble(she.page, 'around tonight')).toBeVisible();

  await she.context.setOffline(true);
  await expect(toast(she.page, 'IM Accelerating...')).toBeVisible();
  await send(he.page, 'The new cafe opened');
  await send(he.page, 'Shall we try it?');
  // Stored, not yet on her device.
  await expect(
    bubble(he.page, 'Shall we try it?').getByRole('img', { name: 'Sent' }),
  ).toBeVisible();

  await she.context.setOffline(false);
  await expect(bubble(she.page, 'The new cafe opened')).toBeVisible();
  await expect(bubble(she.page, 'Shall we try it?')).toBeVisible();
  await expect(she.page.getByTestId('message')).toHaveCount(3);
  await expect(
    bubble(he.page, 'Shall we try it?').getByRole('img', { name: 'Read' }),
  ).toBeVisible();

  // Closing the app and coming back later works the same way.
  await she.page.close();
  await send(he.page, 'See you at seven');
  const again = await she.context.newPage();
  const back = chatLive(again);
  await again.goto(url('/pages/message/message'));
  await back;
  const row = again.getByTestId('conversation').filter({ hasText: him.userName });
  await expect(row).toContainText('See you at seven');
  await expect(row.getByTestId('unread-badge')).toHaveText('1');
  await he.context.close();
  await she.context.close();
});

test('a long conversation loads backwards as she scrolls up, keeping her place @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const him = await register(request, 'lgm', testInfo, 'male');
  const her = await register(request, 'lgw', testInfo, 'female');
  for (let i = 1; i <= 30; i++) {
    await api(request, him.token, '/system/content/sendMsg', {
      method: 'POST',
      data: {
        to: her.userId,
        msgType: 'txt',
        content: { text: `Note #${String(i).padStart(2, '0')}` },
      },
    });
  }
  const she = await signIn(browser, testInfo, her);
  await she.page.goto(chatUrl(him));
  // The newest page, scrolled to the end.
  await expect(bubble(she.page, 'Note #30')).toBeInViewport();
  await expect(she.page.getByTestId('message')).toHaveCount(20);
  await expect(bubble(she.page, 'Note #01')).toHaveCount(0);

  await she.page.locator('.chat-scroll').evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(she.page.getByTestId('message')).toHaveCount(30);
  // What she was looking at stays in place; the older messages are above it.
  await expect(bubble(she.page, 'Note #11')).toBeInViewport();
  await expect(bubble(she.page, 'Note #01')).not.toBeInViewport();
  await she.page.locator('.chat-scroll').evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(bubble(she.page, 'Note #01')).toBeInViewport();
  await expect(
    she.page.getByText(`This is the beginning of your conversation with ${him.userName}`),
  ).toBeVisible();
  await she.context.close();
});

test('a message can be recalled for both sides, or deleted for me only', async ({
  browser,
  request,
}, testInfo) => {
  const him = await register(request, 'rcm', testInfo, 'male');
  const her = await register(request, 'rcw', testInfo, 'female');
  const she = await signIn(browser, testInfo, her);
  await she.page.goto(chatUrl(him));
  const he = await signIn(browser, testInfo, him);
  await he.page.goto(chatUrl(her));

  await send(he.page, 'Oops, wrong chat');
  await expect(bubble(she.page, 'Oops, wrong chat')).toBeVisible();
  const actions = await openActions(he.page, 'Oops, wrong chat', testInfo);
  await actions.getByRole('button', { name: 'Recall' }).click();
  await he.page
    .getByRole('dialog', { name: 'Recall this message?' })
    .getByRole('button', { name: 'Recall' })
    .click();
  await expect(he.page.getByTestId('message-recalled')).toHaveText('You recalled a message');
  await expect(she.page.getByTestId('message-recalled')).toHaveText(
    `${him.userName} recalled a message`,
  );
  await expect(bubble(she.page, 'Oops, wrong chat')).toHaveCount(0);

  // Her message can be deleted from his side, not recalled.
  await send(she.page, 'Keep this between us');
  await expect(bubble(he.page, 'Keep this between us')).toBeVisible();
  const theirs = await openActions(he.page, 'Keep this between us', testInfo);
  await expect(theirs.getByRole('button', { name: 'Recall' })).toHaveCount(0);
  await theirs.getByRole('button', { name: 'Delete for me' }).click();
  await expect(bubble(he.page, 'Keep this between us')).toHaveCount(0);
  await he.page.reload();
  await expect(he.page.getByTestId('message-recalled')).toBeVisible();
  await expect(bubble(he.page, 'Keep this between us')).toHaveCount(0);
  await expect(bubble(she.page, 'Keep this between us')).toBeVisible();
  await he.context.close();
  await she.context.close();
});

test('after two minutes a message can no longer be recalled @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const him = await register(request, 'rtm', testInfo, 'male');
  const her = await register(request, 'rtw', testInfo, 'female');
  const he = await signIn(browser, testInfo, him);
  // His page's clock is ours to move: it runs on from now until we jump it forward.
  await he.page.clock.install();
  await he.page.goto(chatUrl(her));

  await send(he.page, 'Sent in haste');
  const fresh = await openActions(he.page, 'Sent in haste', testInfo);
  await expect(fresh.getByRole('button', { name: 'Recall' })).toBeVisible();
  await fresh.getByRole('button', { name: 'Cancel' }).click();
  await expect(fresh).toBeHidden();

  await he.page.clock.fastForward('02:01');
  const old = await openActions(he.page, 'Sent in haste', testInfo);
  await expect(old.getByRole('button', { name: 'Delete for me' })).toBeVisible();
  await expect(old.getByRole('button', { name: 'Recall' })).toHaveCount(0);
  await he.context.close();
});

test('a blocked person cannot message, and is told so', async ({ browser, request }, testInfo) => {
  const him = await register(request, 'bkm', testInfo, 'male');
  const her = await register(request, 'bkw', testInfo, 'female');
  await api(request, her.token, '/system/blacklisted/add', {
    method: 'POST',
    data: { userId: him.userId },
  });
  const he = await signIn(browser, testInfo, him);
  await he.page.goto(chatUrl(her));
  await send(he.page, 'Hello?');
  const failed = bubble(he.page, 'Hello?');
  await expect(failed.getByText('Message sending failed')).toBeVisible();
  await expect(he.page.getByTestId('chat-notice')).toHaveText('You cannot message this person');
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();

  // Lifted: the same message goes through on Retry.
  await api(request, her.token, `/system/blacklisted/remove?ids=${him.userId}`, {
    method: 'DELETE',
  });
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(failed.getByRole('img', { name: /Sent|Delivered/ })).toBeVisible();
  await expect(he.page.getByTestId('message')).toHaveCount(1);
  await he.context.close();
});

test('two people of the same gender see the notice instead of chatting @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const one = await register(request, 'sga', testInfo, 'female');
  const other = await register(request, 'sgb', testInfo, 'female');
  const she = await signIn(browser, testInfo, one);
  await she.page.goto(chatUrl(other));
  const notice = she.page.getByTestId('composer-notice');
  await expect(notice).toHaveText(
    'Oops, you are of the same gender, so you cannot chat with this person',
  );
  await send(she.page, 'Hi there');
  await expect(bubble(she.page, 'Hi there').getByText('Message sending failed')).toBeVisible();
  // The refusal says what the notice said already: once is enough.
  await expect(notice).toBeVisible();
  await expect(she.page.getByTestId('chat-notice')).toHaveCount(0);
  await she.context.close();
});

test('photos are for members: Upgrade now for others, a preview and progress for members', async ({
  browser,
  request,
}, testInfo) => {
  const him = await register(request, 'phm', testInfo, 'male');
  const her = await register(request, 'phw', testInfo, 'female');
  const he = await signIn(browser, testInfo, him);
  await he.page.goto(chatUrl(her));
  await he.page.getByRole('button', { name: 'Photo' }).click();
  const upgrade = he.page.getByRole('dialog', { name: 'Photos are for members' });
  await expect(upgrade).toBeVisible();
  await upgrade.getByRole('link', { name: 'Upgrade now' }).click();
  await expect(he.page).toHaveURL(url('/pages/recharge/recharge'));
  await he.context.close();

  // The demo member sends her a photo.
  const demoToken = await tokenOf(request, DEMO.userName, DEMO.password);
  const demo = await api<{ userId: number }>(request, demoToken, '/getInfo');
  const she = await signIn(browser, testInfo, her);
  await she.page.goto(chatUrl({ userId: demo.userId, userName: 'demo', gender: 'male' }));
  const member = await signIn(browser, testInfo, DEMO);
  await member.page.goto(chatUrl(her));
  await member.page.getByTestId('chat-image-input').setInputFiles(PHOTO);
  const preview = member.page.getByRole('dialog', { name: 'Send this photo?' });
  await expect(preview.getByRole('img', { name: 'Photo' })).toBeVisible();
  await preview.getByRole('button', { name: 'Send photo' }).click();
  await expect(she.page.getByTestId('message').getByRole('img', { name: 'Photo' })).toBeVisible();
  await expect(
    member.page
      .getByTestId('message')
      .last()
      .getByRole('img', { name: /Delivered|Read/ }),
  ).toBeVisible();
  await member.context.close();
  await she.context.close();
});

test('signing in on another device ends the chat session here @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const her = await register(request, 'kkw', testInfo, 'female');
  const first = await signIn(browser, testInfo, her);
  await first.page.goto(url('/pages/message/message'));
  const second = await signIn(browser, testInfo, her);
  await expect(first.page).toHaveURL(url('/pages/login/login'));
  await expect(toast(first.page, 'Your account was signed in on another device')).toBeVisible();
  await expect(second.page).toHaveURL(url('/'));
  await first.context.close();
  await second.context.close();
});

for (const lang of ['en', 'ja'] as const) {
  test(`the message list and a chat, captured in ${lang} @screens`, async ({
    browser,
    request,
  }, testInfo) => {
    const her = await register(request, `sc${lang}`, testInfo, 'female');
    // Two other people wrote to her first.
    for (const [prefix, text] of [
      ['tom', 'Hello from Berlin! Your photos from Kyoto are beautiful.'],
      ['leo', 'Do you like jazz? There is a concert on Friday.'],
    ] as const) {
      const other = await register(request, `${prefix}${lang}`, testInfo, 'male');
      await api(request, other.token, '/system/content/sendMsg', {
        method: 'POST',
        data: { to: her.userId, msgType: 'txt', content: { text } },
      });
    }
    const member = await signIn(browser, testInfo, DEMO);
    await member.page.goto(chatUrl(her));
    const she = await signIn(browser, testInfo, her, lang);

    await send(member.page, 'Hi! I saw you like hiking too.');
    await send(member.page, 'Which trail do you recommend near Tokyo?');
    await member.page.getByTestId('chat-image-input').setInputFiles(PHOTO);
    await member.page.getByRole('button', { name: 'Send photo' }).click();
    await expect(member.page.getByTestId('message')).toHaveCount(3);

    await she.page.goto(url('/pages/message/message'));
    await expect(she.page.getByTestId('conversation')).toHaveCount(3);
    await expect(she.page.getByTestId('conversation').first()).toContainText('demo');
    await shot(she.page, testInfo, `${lang}-messages-list`);

    await she.page.getByTestId('conversation').first().click();
    await expect(she.page.getByTestId('message')).toHaveCount(3);
    await send(she.page, lang === 'ja' ? '高尾山がおすすめです！' : 'Mount Takao is lovely!', lang);
    await she.page.getByRole('button', { name: lang === 'ja' ? '絵文字' : 'Emoji' }).click();
    await she.page.getByRole('button', { name: '[smile]' }).click();
    await she.page
      .getByRole('button', { name: lang === 'ja' ? '送信' : 'Send', exact: true })
      .click();
    await expect(she.page.getByTestId('message')).toHaveCount(5);
    await she.page.getByRole('button', { name: lang === 'ja' ? 'キーボード' : 'Keyboard' }).click();
    await member.page.getByLabel('Type a message').click();
    await member.page.getByLabel('Type a message').pressSequentially('Great');
    await expect(she.page.getByTestId('typing')).toBeVisible();
    await expect(she.page.locator('.bubble-image img')).toBeVisible();
    await shot(she.page, testInfo, `${lang}-chat-conversation`);
    await member.context.close();
    await she.context.close();
  });
}
