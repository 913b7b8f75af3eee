// Stories of the wallet: buying gold through the TEST checkout (approved and declined), paying a
// character pack with gold, finishing an unfinished order, free coins, and gifts and red packets
// between two people in a chat. The server runs in demo mode, which offers the TEST checkout
// (PayPal and Stripe are payments.spec.ts's).
import { type APIRequestContext, type Page, type TestInfo, expect, test } from '@playwright/test';
import {
  type Person,
  api,
  login,
  person,
  registerViaApi,
  shot,
  skipSplash,
  toast,
  url,
} from './helpers';
import { chatUrl, signIn } from './chat-people';
import { buy, startSandboxOrder } from './purchases';

type Account = Person & { userId: number; token: string; gender: 'female' | 'male' };

async function register(
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

async function balances(request: APIRequestContext, token: string) {
  return api<{ coins: number; characters: number }>(request, token, '/getInfo');
}

const coins = (page: Page) => page.getByTestId('coins-balance');
const characters = (page: Page) => page.getByTestId('characters-balance');
const product = (page: Page, code: string) => page.locator(`[data-code="${code}"]`);
const paySheet = (page: Page) => page.getByRole('dialog', { name: 'Choose a payment method' });

test('a gold pack bought through the TEST checkout adds its coins', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'wg', testInfo);
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url('/pages/recharge/recharge?tab=gold'));
  await expect(coins(page)).toHaveText('0');
  await expect(page.getByRole('tab', { name: 'Gold' })).toHaveAttribute('aria-selected', 'true');

  await product(page, 'gold-600').click();
  const sheet = paySheet(page);
  await expect(sheet.getByText('600 coins')).toBeVisible();
  await expect(sheet.getByText('$9.99')).toBeVisible();
  // The methods this installation takes (PayPal and Stripe's stand-ins, and the demo's TEST
  // checkout); gold cannot buy gold.
  for (const name of ['PayPal', 'Card', 'Pay later', 'TEST checkout']) {
    const method = sheet.getByRole('button', { name: new RegExp(`^${name}`) });
    await expect(method).toBeVisible();
    // Each method shows its own mark, drawn, not a letter standing in for it.
    await expect(method.locator('.pay-mark svg')).toBeVisible();
    await expect(method.locator('.pay-mark')).toHaveText('');
  }
  await expect(sheet.getByRole('button', { name: /^Gold coins/ })).toHaveCount(0);

  await sheet.getByRole('button', { name: /^TEST checkout/ }).click();
  await expect(page).toHaveURL(/\/pages\/recharge\/recharge\?sandboxOrder=\d+&token=/);
  const checkout = page.getByTestId('sandbox-checkout');
  await expect(checkout.getByText('TEST', { exact: true })).toBeVisible();
  await expect(page.getByTestId('checkout-product')).toHaveText('600 coins');
  await expect(page.getByTestId('checkout-price')).toHaveText('$9.99');
  await page.getByRole('button', { name: 'Approve payment' }).click();

  await expect(page.getByTestId('checkout-outcome')).toContainText('Payment successful');
  await expect(page.getByTestId('checkout-outcome')).toContainText('600 coins are now yours.');
  await expect(coins(page)).toHaveText('600');
  await page.getByRole('link', { name: 'Back to Recharge' }).click();
  await expect(page).toHaveURL(url('/pages/recharge/recharge?tab=gold'));
  await expect(coins(page)).toHaveText('600');
  expect((await balances(request, me.token)).coins).toBe(600);
});

test('a declined TEST checkout charges nothing and closes the order @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'wd', testInfo);
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url('/pages/recharge/recharge?tab=gold'));
  await product(page, 'gold-100').click();
  await paySheet(page)
    .getByRole('button', { name: /^TEST checkout/ })
    .click();
  await expect(page.getByTestId('checkout-product')).toHaveText('100 coins');
  await page.getByRole('button', { name: 'Decline' }).click();

  await expect(page.getByTestId('checkout-outcome')).toContainText('Payment failure');
  await expect(page.getByTestId('checkout-outcome')).toContainText('Nothing was charged');
  await expect(coins(page)).toHaveText('0');
  // The order is closed: nothing is waiting to be finished, and the checkout cannot be reopened.
  const again = page.url();
  await page.getByRole('link', { name: 'Back to Recharge' }).click();
  await expect(page.getByTestId('product').first()).toBeVisible();
  await expect(page.getByTestId('unfinished-order')).toHaveCount(0);
  await page.goto(again);
  await expect(page.getByText('This checkout is no longer open')).toBeVisible();
  expect(await api(request, me.token, '/order/app/getOrder')).toBeNull();
});

test('a character pack is paid with gold, and not with coins one does not have', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'wc', testInfo);
  await buy(request, me.token, 'gold-600');
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url('/pages/recharge/recharge?tab=character'));
  await expect(coins(page)).toHaveText('600');
  await expect(characters(page)).toHaveText('0');

  await product(page, 'chars-10000').click();
  let sheet = paySheet(page);
  await expect(sheet.getByText('1,000 coins · you have 600')).toBeVisible();
  await sheet.getByRole('button', { name: /^Gold coins/ }).click();
  await expect(sheet.getByRole('alert')).toContainText('Insufficient coins, please recharge!');
  await sheet.getByRole('button', { name: 'Buy coins' }).click();
  await expect(page.getByRole('tab', { name: 'Gold' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Characters' }).click();
  await product(page, 'chars-2000').click();
  sheet = paySheet(page);
  await sheet.getByRole('button', { name: /^Gold coins/ }).click();
  const result = page.getByTestId('payment-result');
  await expect(result).toContainText('Payment successful');
  await expect(result).toContainText('2,000 characters are now yours.');
  await expect(coins(page)).toHaveText('300');
  await expect(characters(page)).toHaveText('2,000');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(result).toHaveCount(0);
  expect(await balances(request, me.token)).toMatchObject({ coins: 300, characters: 2000 });
});

test('an unfinished order is offered to continue or to cancel @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'wu', testInfo);
  await startSandboxOrder(request, me.token, 'gold-1500');
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url('/pages/recharge/recharge?tab=gold'));
  const banner = page.getByTestId('unfinished-order');
  await expect(banner).toContainText('There is an unfinished transaction');
  await expect(banner).toContainText('1,500 coins');

  // Another purchase meets the same order, with the same two ways out.
  await product(page, 'gold-100').click();
  const sheet = page.getByRole('dialog', { name: 'There is an unfinished transaction' });
  await paySheet(page)
    .getByRole('button', { name: /^TEST checkout/ })
    .click();
  await expect(sheet.getByTestId('unfinished-order')).toContainText('1,500 coins');
  await sheet.getByRole('button', { name: 'Continue payment' }).click();
  await expect(page.getByTestId('checkout-product')).toHaveText('1,500 coins');
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(coins(page)).toHaveText('1,500');

  // Cancelling one: the banner goes and nothing was charged.
  await startSandboxOrder(request, me.token, 'gold-600');
  await page.goto(url('/pages/recharge/recharge?tab=gold'));
  await expect(banner).toContainText('600 coins');
  await banner.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, 'The order was cancelled')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(coins(page)).toHaveText('1,500');
  expect(await api(request, me.token, '/order/app/getOrder')).toBeNull();
});

test('free coins: the daily claim once a day, and a reward after watching', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'wf', testInfo);
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url('/pages/recharge/recharge?tab=gold'));
  const free = page.getByTestId('free-coins');
  await free.getByRole('button', { name: 'Claim' }).click();
  await expect(toast(page, '+20 coins')).toBeVisible();
  await expect(free.getByText('Claimed', { exact: true })).toBeVisible();
  await expect(coins(page)).toHaveText('20');

  await page.reload();
  await free.getByRole('button', { name: 'Claim' }).click();
  await expect(free.getByRole('alert')).toHaveText("You have already claimed today's coins");
  await expect(coins(page)).toHaveText('20');

  await free.getByRole('button', { name: 'Watch' }).click();
  const watching = page.getByRole('dialog', { name: 'Watch and earn' });
  await expect(watching.getByRole('timer')).toContainText('Your reward in');
  await expect(watching.getByText('+5 coins')).toBeVisible({ timeout: 15_000 });
  await expect(watching.getByText('Your balance is now 25 coins')).toBeVisible();
  await watching.getByRole('button', { name: 'Close' }).click();
  await expect(coins(page)).toHaveText('25');
});

test('Upgrade opens the membership levels, which lead to the membership products @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'wl', testInfo);
  await skipSplash(page);
  await login(page, me.userName, me.password);
  if (testInfo.project.use.isMobile) {
    // Phones have no Upgrade tab: it is in Settings.
    await page.getByRole('link', { name: 'Settings' }).filter({ visible: true }).first().click();
  }
  await page.getByRole('link', { name: 'Upgrade' }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(url('/pages/grade/grade'));
  await expect(page.getByTestId('grade-status')).toContainText('Free member');
  await expect(page.getByTestId('plan-SVIP')).toContainText('Includes all VIP benefits');
  const priority = page.getByRole('row', { name: /Shown first in Discover/ });
  await expect(priority.getByRole('img', { name: 'Not included' })).toHaveCount(1);
  await expect(priority.getByRole('img', { name: 'Included', exact: true })).toHaveCount(1);
  const likes = page.getByRole('row', { name: /See who likes you/ });
  await expect(likes.getByRole('img', { name: 'Included', exact: true })).toHaveCount(2);
  await expect(page.getByText('30% off card gifts')).toBeVisible();

  await page.getByTestId('plan-VIP').getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(url('/pages/recharge/recharge?tab=member'));
  await expect(page.getByRole('tab', { name: 'Membership' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(product(page, 'svip-12m')).toBeVisible();
  // Gold pays for a membership too: a second price, not coins that come with it.
  await expect(product(page, 'vip-1m')).toContainText('$19.99');
  await expect(product(page, 'vip-1m')).toContainText('or 2,000 coins');
});

test('Upgrade and Recharge each have a back button, which returns to Settings', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'wbk', testInfo);
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url('/pages/settings/settings'));
  const settings = page.getByRole('main');

  await settings.getByRole('link', { name: 'Upgrade', exact: true }).click();
  await expect(page).toHaveURL(url('/pages/grade/grade'));
  await expect(page.getByTestId('grade-status')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(url('/pages/settings/settings'));

  await settings.getByRole('link', { name: 'Recharge', exact: true }).click();
  await expect(page).toHaveURL(url('/pages/recharge/recharge'));
  await page.getByRole('tab', { name: 'Gold' }).click();
  await expect(page.getByTestId('product').first()).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(url('/pages/settings/settings'));
});

async function openPlus(page: Page, item: string, lang: 'en' | 'ja' = 'en') {
  await page.getByRole('button', { name: lang === 'ja' ? 'その他' : 'More' }).click();
  await page.getByRole('button', { name: item }).click();
}

test('a gift and a red packet go from him to her, and she opens the red packet @desktop', async ({
  browser,
  request,
}, testInfo) => {
  const him = await register(request, 'wgm', testInfo, 'male');
  const her = await register(request, 'wgw', testInfo, 'female');
  await buy(request, him.token, 'gold-600');

  const he = await signIn(browser, testInfo, him);
  await he.page.goto(chatUrl(her));
  await openPlus(he.page, 'Gift');
  const panel = he.page.getByRole('dialog', { name: 'Send a gift' });
  await expect(panel.getByTestId('gift-balance')).toHaveText('600');
  await expect(panel.getByText('Members pay 30% less for cards')).toBeVisible();
  await panel.getByRole('button', { name: 'Rose 10 coins' }).click();
  await panel.getByRole('button', { name: 'Send Rose · 10 coins' }).click();
  const gift = he.page.getByTestId('gift-bubble');
  await expect(gift).toContainText('You sent a gift: Rose');
  await expect(
    gift.locator('xpath=ancestor::li').getByRole('img', { name: /Sent|Delivered|Read/ }),
  ).toBeVisible();

  // The amount is required, on this side too.
  await openPlus(he.page, 'Red packet');
  const composer = he.page.getByRole('dialog', { name: 'Send a red packet' });
  await expect(composer.getByLabel(/^Blessing/)).toHaveAttribute('placeholder', 'Best wishes!');
  await composer.getByRole('button', { name: 'Send red packet' }).click();
  await expect(composer.getByRole('alert')).toHaveText('Please enter the amount of the red packet');
  await composer.getByLabel('Amount in coins').fill('50');
  await composer.getByLabel(/^Blessing/).fill('Happy Friday!');
  await composer.getByRole('button', { name: 'Send red packet' }).click();
  const sent = he.page.getByTestId('red-packet');
  await expect(sent).toContainText('Happy Friday!');
  await expect(sent).toContainText('50 coins · not opened yet');

  const she = await signIn(browser, testInfo, her);
  await she.page.goto(chatUrl(him));
  await expect(she.page.getByTestId('gift-bubble')).toContainText('A gift for you: Rose');
  const packet = she.page.getByTestId('red-packet');
  await expect(packet).toContainText('Tap to open');
  await packet.click();
  const opening = she.page.getByRole('dialog', { name: `A red packet from ${him.userName}` });
  await expect(opening).toContainText('Happy Friday!');
  await opening.getByRole('button', { name: 'Open' }).click();
  await expect(opening.getByTestId('packet-result')).toContainText('+50 coins');
  await opening.getByRole('button', { name: 'Close' }).click();
  await expect(packet).toContainText('Received · 50 coins');
  await expect(packet).toHaveAttribute('data-state', 'received');
  // The sender sees it opened, as it happens.
  await expect(sent).toContainText('Opened · 50 coins');
  await expect(sent).toHaveAttribute('data-state', 'received');

  expect((await balances(request, her.token)).coins).toBe(50);
  expect((await balances(request, him.token)).coins).toBe(540);
  // Her profile shows the rose she received.
  await he.page.goto(url(`/pages/homepage/homepage?userId=${her.userId}`));
  await expect(he.page.getByTestId('received-gifts')).toContainText('🌹');
  await expect(he.page.getByTestId('received-gifts')).toContainText('×1');
  await shot(he.page, testInfo, 'en-profile-gifts');
  await he.context.close();
  await she.context.close();
});

test('without enough coins a gift or red packet offers the way to Recharge', async ({
  browser,
  request,
}, testInfo) => {
  const him = await register(request, 'wnm', testInfo, 'male');
  const her = await register(request, 'wnw', testInfo, 'female');
  const he = await signIn(browser, testInfo, him);
  await he.page.goto(chatUrl(her));
  await openPlus(he.page, 'Red packet');
  const composer = he.page.getByRole('dialog', { name: 'Send a red packet' });
  await composer.getByLabel('Amount in coins').fill('5');
  await composer.getByRole('button', { name: 'Send red packet' }).click();
  await expect(composer.getByTestId('insufficient-coins')).toContainText(
    'Insufficient coins, please recharge!',
  );
  await composer.getByRole('button', { name: 'Cancel' }).click();

  await openPlus(he.page, 'Gift');
  const panel = he.page.getByRole('dialog', { name: 'Send a gift' });
  await panel.getByRole('button', { name: 'Ring 500 coins' }).click();
  await panel.getByRole('button', { name: 'Send Ring · 500 coins' }).click();
  await expect(panel.getByTestId('insufficient-coins')).toBeVisible();
  await panel.getByTestId('insufficient-coins').getByRole('link', { name: 'Recharge' }).click();
  await expect(he.page).toHaveURL(url('/pages/recharge/recharge?tab=gold'));
  await expect(he.page.getByTestId('product').first()).toBeVisible();

  // Coins spent elsewhere meanwhile: the server refuses, and the chat offers Recharge too.
  await buy(request, him.token, 'gold-100');
  await he.page.goto(chatUrl(her));
  await openPlus(he.page, 'Gift');
  await expect(panel.getByTestId('gift-balance')).toHaveText('100');
  await api(request, him.token, '/system/content/sendMsg', {
    method: 'POST',
    data: { to: her.userId, msgType: 'redPacket', content: { amount: 90 } },
  });
  await panel.getByRole('button', { name: 'Chocolate 30 coins' }).click();
  await panel.getByRole('button', { name: 'Send Chocolate · 30 coins' }).click();
  const notice = he.page.getByTestId('chat-notice');
  await expect(notice).toContainText('Insufficient coins, please recharge!');
  await expect(he.page.getByTestId('message').filter({ hasText: 'Chocolate' })).toContainText(
    'Message sending failed',
  );
  await notice.getByRole('link', { name: 'Recharge' }).click();
  await expect(he.page).toHaveURL(url('/pages/recharge/recharge?tab=gold'));
  await expect(coins(he.page)).toHaveText('10');
  await he.context.close();
});

for (const lang of ['en', 'ja'] as const) {
  test(`the wallet pages, captured in ${lang} @screens`, async ({ browser, request }, testInfo) => {
    const him = await register(request, `wsm${lang}`, testInfo, 'male');
    const her = await register(request, `wsw${lang}`, testInfo, 'female');
    await buy(request, him.token, 'gold-1500');
    const he = await signIn(browser, testInfo, him, lang);
    const page = he.page;

    for (const tab of ['member', 'gold', 'character'] as const) {
      await page.goto(url(`/pages/recharge/recharge?tab=${tab}`));
      await expect(page.getByTestId('product').first()).toBeVisible();
      await expect(coins(page)).toHaveText('1,500');
      await shot(page, testInfo, `${lang}-recharge-${tab}`);
    }
    await page.getByRole('tab', { name: lang === 'ja' ? '会員プラン' : 'Membership' }).click();
    await product(page, 'vip-1m').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, testInfo, `${lang}-recharge-pay`);

    await startSandboxOrder(request, him.token, 'svip-3m').then(async (order) => {
      const checkout = new URL(order.checkoutUrl ?? '');
      await page.goto(url(`${checkout.pathname}${checkout.search}`));
    });
    await expect(page.getByTestId('checkout-price')).toBeVisible();
    await shot(page, testInfo, `${lang}-test-checkout`);
    await page
      .getByRole('button', { name: lang === 'ja' ? '支払いを承認' : 'Approve payment' })
      .click();
    await expect(page.getByTestId('checkout-outcome')).toBeVisible();
    await shot(page, testInfo, `${lang}-test-checkout-approved`);

    await page.goto(url('/pages/grade/grade'));
    await expect(page.getByTestId('benefits').locator('tbody tr')).toHaveCount(10);
    await expect(page.getByTestId('plan-SVIP')).toContainText(
      lang === 'ja' ? '現在のプラン' : 'Your plan',
    );
    await shot(page, testInfo, `${lang}-grade`);

    // A member's free characters today stand beside the packs on the recharge page.
    await page.goto(url('/pages/recharge/recharge?tab=character'));
    await expect(page.getByTestId('allowance-today')).toContainText(
      lang === 'ja' ? '本日の無料分：2,000文字' : 'Free today: 2,000 characters',
    );

    await page.goto(chatUrl(her));
    await openPlus(page, lang === 'ja' ? 'ギフト' : 'Gift', lang);
    await expect(page.getByTestId('gift').first()).toBeVisible();
    await page.getByTestId('gift').nth(5).click();
    await shot(page, testInfo, `${lang}-gift-panel`);
    await page.getByRole('button', { name: lang === 'ja' ? /を贈る/ : /^Send / }).click();
    await openPlus(page, lang === 'ja' ? 'レッドパケット' : 'Red packet', lang);
    await shot(page, testInfo, `${lang}-red-packet`);
    await page.getByLabel(lang === 'ja' ? '金額（コイン）' : 'Amount in coins').fill('88');
    await page
      .getByRole('button', { name: lang === 'ja' ? 'レッドパケットを送る' : 'Send red packet' })
      .last()
      .click();
    await expect(page.getByTestId('red-packet')).toBeVisible();
    await expect(page.getByTestId('gift-bubble')).toBeVisible();
    await shot(page, testInfo, `${lang}-chat-wallet`);
    await he.context.close();
  });
}
