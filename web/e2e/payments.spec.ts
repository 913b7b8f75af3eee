// Stories of paying with real providers: PayPal (approve and pay, or cancel and come back) and
// Stripe Checkout (card, and pay later whose money the provider confirms a little later), each
// through the provider's page and back into the app. The server talks to local stand-ins that
// speak PayPal's and Stripe's wire format (standins.ts); the installation takes PayPal, card and
// pay later besides gold and the demo's TEST checkout, and neither store.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, type TestInfo, expect, test } from '@playwright/test';
import { type Person, api, login, person, registerViaApi, shot, skipSplash, url } from './helpers';
import { declineNextCapture, outage, standIn, standInLog as log } from './standins';

type Account = Person & { userId: number; token: string };

async function register(
  request: APIRequestContext,
  prefix: string,
  testInfo: TestInfo,
): Promise<Account> {
  const p = person(prefix, testInfo);
  const { userId, token } = await registerViaApi(request, p);
  return { ...p, userId, token };
}

interface Info {
  coins: number;
  characters: number;
  level: string | null;
  memberExpiresAt: string | null;
}
const info = (request: APIRequestContext, token: string) => api<Info>(request, token, '/getInfo');

const coins = (page: Page) => page.getByTestId('coins-balance');
const product = (page: Page, code: string) => page.locator(`[data-code="${code}"]`);
const paySheet = (page: Page) => page.getByRole('dialog', { name: 'Choose a payment method' });
const method = (page: Page, name: string) =>
  paySheet(page).getByRole('button', { name: new RegExp(`^${name}`) });
const outcome = (page: Page) => page.getByTestId('payment-return');

const UNAVAILABLE = 'The payment service is not answering, please try again in a moment';

/** What axe-core finds serious or critical on the page as it is (a skipped heading level too). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
    .map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function signedIn(page: Page, me: Account, path: string) {
  await skipSplash(page);
  await login(page, me.userName, me.password);
  await page.goto(url(path));
}

// Whatever a story did, the server asked the providers only what they take.
const problemsBefore = { PAYPAL: 0, STRIPE: 0 };
test.beforeEach(async ({ request }) => {
  problemsBefore.PAYPAL = (await log(request, 'PAYPAL')).problems.length;
  problemsBefore.STRIPE = (await log(request, 'STRIPE')).problems.length;
});
test.afterEach(async ({ request }) => {
  for (const name of ['PAYPAL', 'STRIPE'] as const) {
    expect((await log(request, name)).problems.slice(problemsBefore[name]), name).toEqual([]);
  }
});

test('the sheet offers the methods this installation takes, in its order', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'pm', testInfo);
  const catalogue = await api<{ payTypes: string[] }>(
    request,
    me.token,
    '/system/grade/getProduct',
  );
  expect(catalogue.payTypes).toEqual(['gold', 'paypal', 'card', 'paylater', 'sandbox']);

  await signedIn(page, me, '/pages/recharge/recharge?tab=member');
  await product(page, 'vip-1m').click();
  const sheet = paySheet(page);
  await expect(sheet.getByText('$19.99')).toBeVisible();
  const names = sheet.getByRole('list', { name: 'Payment methods' }).locator('.pay-name');
  await expect(names).toHaveText(['Gold coins', 'PayPal', 'Card', 'Pay later', 'TEST checkout']);
  await expect(method(page, 'Pay later')).toContainText('Klarna, Afterpay or Affirm');
  // Neither store is configured here: no Apple Pay or Google Pay at all.
  await expect(sheet.getByText(/Apple Pay|Google Pay/)).toHaveCount(0);
  await shot(page, testInfo, 'payments-sheet');

  // A gold pack is not bought with gold.
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('tab', { name: 'Gold' }).click();
  await product(page, 'gold-600').click();
  await expect(names).toHaveText(['PayPal', 'Card', 'Pay later', 'TEST checkout']);
});

test('VIP bought with PayPal: approved at PayPal, captured on return, the membership is mine', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'pp', testInfo);
  await signedIn(page, me, '/pages/recharge/recharge?tab=member');
  await expect(page.getByTestId('balances')).toContainText('Free member');
  await product(page, 'vip-1m').click();
  await method(page, 'PayPal').click();

  // PayPal's page, at PayPal: what is paid and to whom.
  await expect(page).toHaveURL(new RegExp(`^${standIn('PAYPAL')}/checkoutnow\\?token=`));
  await expect(page.getByTestId('paypal-amount')).toHaveText('$19.99 USD');
  const paypalOrder = new URL(page.url()).searchParams.get('token') ?? '';
  await shot(page, testInfo, 'payments-paypal-page');
  await page.getByRole('button', { name: 'Pay now' }).click();

  // Back in the app: the payment is captured and the return leaves the address.
  await expect(outcome(page)).toHaveAttribute('data-state', 'paid');
  await expect(page).toHaveURL(url('/pages/recharge/recharge'));
  const dialog = page.getByRole('dialog', { name: 'VIP · 1 month' });
  await expect(dialog).toContainText('Payment successful');
  await expect(dialog).toContainText('VIP for 1 month is now yours.');
  await expect(dialog.getByTestId('paid-membership')).toContainText('VIP until');
  await shot(page, testInfo, 'payments-paypal-paid');
  expect(await violations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('balances')).toContainText('VIP until');
  await expect(page.getByTestId('unfinished-order')).toHaveCount(0);

  const after = await info(request, me.token);
  expect(after.level).toBe('VIP');
  expect(new Date(after.memberExpiresAt ?? 0).getTime()).toBeGreaterThan(Date.now());
  expect(await api(request, me.token, '/order/app/getOrder')).toBeNull();

  // A reload does not capture again.
  await page.reload();
  await expect(page.getByTestId('product').first()).toBeVisible();
  await expect(outcome(page)).toHaveCount(0);
  const captures = (await log(request, 'PAYPAL')).seen.filter(
    (s) => s.method === 'POST' && s.path === `/v2/checkout/orders/${paypalOrder}/capture`,
  );
  expect(captures.map((c) => c.status)).toEqual([201]);
});

test('cancelled at PayPal: nothing charged, and a new purchase goes through @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'pc', testInfo);
  await signedIn(page, me, '/pages/recharge/recharge?tab=gold');
  await product(page, 'gold-600').click();
  await method(page, 'PayPal').click();
  await expect(page.getByTestId('paypal-amount')).toHaveText('$9.99 USD');
  await page.getByRole('link', { name: 'Cancel and return to Amora' }).click();

  await expect(outcome(page)).toHaveAttribute('data-state', 'cancelled');
  await expect(page).toHaveURL(url('/pages/recharge/recharge'));
  const dialog = page.getByRole('dialog', { name: '600 coins' });
  await expect(dialog).toContainText('Payment cancelled');
  await expect(dialog).toContainText('Nothing was charged.');
  await shot(page, testInfo, 'payments-paypal-cancelled');
  await dialog.getByRole('button', { name: 'Done' }).click();
  // Back where the pack was chosen, nothing waiting, nothing charged.
  await expect(page.getByRole('tab', { name: 'Gold' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('unfinished-order')).toHaveCount(0);
  await expect(coins(page)).toHaveText('0');
  expect(await api(request, me.token, '/order/app/getOrder')).toBeNull();

  await product(page, 'gold-600').click();
  await method(page, 'PayPal').click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(outcome(page)).toContainText('600 coins are now yours.');
  await expect(coins(page)).toHaveText('600');
  expect((await info(request, me.token)).coins).toBe(600);
});

test('approved at PayPal, and the capture declined: a payment failure, nothing charged @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'pf', testInfo);
  await signedIn(page, me, '/pages/recharge/recharge?tab=gold');
  await product(page, 'gold-600').click();
  await method(page, 'PayPal').click();
  await expect(page.getByTestId('paypal-amount')).toHaveText('$9.99 USD');
  // The buyer's funding source is declined when the payment is taken.
  await declineNextCapture(request);
  await page.getByRole('button', { name: 'Pay now' }).click();

  await expect(outcome(page)).toHaveAttribute('data-state', 'failed');
  const dialog = page.getByRole('dialog', { name: '600 coins' });
  await expect(dialog).toContainText('Payment failure');
  await expect(dialog).toContainText('The payment did not go through.');
  await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page).toHaveURL(url('/pages/recharge/recharge'));
  await shot(page, testInfo, 'payments-paypal-declined');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('tab', { name: 'Gold' })).toHaveAttribute('aria-selected', 'true');
  await expect(coins(page)).toHaveText('0');
  expect((await info(request, me.token)).coins).toBe(0);
  // The failed order is closed: another purchase can start.
  await expect(page.getByTestId('unfinished-order')).toHaveCount(0);
  expect(await api(request, me.token, '/order/app/getOrder')).toBeNull();
});

test('gold bought by card through Stripe Checkout', async ({ page, request }, testInfo) => {
  const me = await register(request, 'sc', testInfo);
  await signedIn(page, me, '/pages/recharge/recharge?tab=gold');
  await product(page, 'gold-1500').click();
  await method(page, 'Card').click();

  await expect(page).toHaveURL(new RegExp(`^${standIn('STRIPE')}/pay/cs_test_`));
  await expect(page.getByTestId('stripe-amount')).toHaveText('$19.99');
  await shot(page, testInfo, 'payments-stripe-card-page');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(outcome(page)).toHaveAttribute('data-state', 'paid');
  await expect(page).toHaveURL(url('/pages/recharge/recharge'));
  await expect(outcome(page)).toContainText('1,500 coins are now yours.');
  await expect(coins(page)).toHaveText('1,500');
  await expect(page.getByRole('tab', { name: 'Gold' })).toHaveAttribute('aria-selected', 'true');
  await shot(page, testInfo, 'payments-stripe-card-paid');
  expect((await info(request, me.token)).coins).toBe(1500);
  expect(await api(request, me.token, '/order/app/getOrder')).toBeNull();

  // What Stripe was asked for: this pack's price, by card.
  const created = (await log(request, 'STRIPE')).seen.filter(
    (s) => s.method === 'POST' && s.path === '/v1/checkout/sessions',
  );
  const form = new URLSearchParams(created.at(-1)?.body ?? '');
  expect(form.get('line_items[0][price_data][unit_amount]')).toBe('1999');
  expect(form.get('payment_method_types[0]')).toBe('card');
  expect(form.get('payment_method_types[1]')).toBeNull();
});

test('VIP paid later: waiting for the provider to confirm, then the membership is mine @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'sl', testInfo);
  await signedIn(page, me, '/pages/recharge/recharge?tab=member');
  await product(page, 'vip-1m').click();
  await method(page, 'Pay later').click();

  await expect(page).toHaveURL(new RegExp(`^${standIn('STRIPE')}/pay/cs_test_`));
  await expect(page.getByLabel('Klarna')).toBeChecked();
  await expect(page.getByLabel('Afterpay')).toBeVisible();
  await expect(page.getByLabel('Affirm')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  // The provider has not confirmed the money yet: the app says so, and keeps asking.
  await expect(outcome(page)).toHaveAttribute('data-state', 'pending');
  await expect(page).toHaveURL(url('/pages/recharge/recharge'));
  await expect(outcome(page)).toHaveAttribute('aria-live', 'polite');
  await expect(outcome(page)).toContainText('Waiting for confirmation from the payment provider…');
  await shot(page, testInfo, 'payments-paylater-pending');
  expect(await violations(page)).toEqual([]);
  expect((await info(request, me.token)).level).toBeNull();

  await expect(outcome(page)).toHaveAttribute('data-state', 'paid', { timeout: 20_000 });
  await expect(outcome(page)).toContainText('VIP for 1 month is now yours.');
  await shot(page, testInfo, 'payments-paylater-paid');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('balances')).toContainText('VIP until');
  expect((await info(request, me.token)).level).toBe('VIP');

  const created = (await log(request, 'STRIPE')).seen.filter(
    (s) => s.method === 'POST' && s.path === '/v1/checkout/sessions',
  );
  const form = new URLSearchParams(created.at(-1)?.body ?? '');
  expect([0, 1, 2].map((i) => form.get(`payment_method_types[${i}]`))).toEqual([
    'klarna',
    'afterpay_clearpay',
    'affirm',
  ]);
});

test('PayPal not answering: the sheet says so, and Try again captures once it is back', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'pu', testInfo);
  await signedIn(page, me, '/pages/recharge/recharge?tab=gold');
  await product(page, 'gold-100').click();
  try {
    await outage(request, 'PAYPAL', true);
    await method(page, 'PayPal').click();
    await expect(paySheet(page).getByRole('alert')).toHaveText(UNAVAILABLE);
    await expect(method(page, 'PayPal')).toBeEnabled();
    await shot(page, testInfo, 'payments-unavailable');
    expect(await api(request, me.token, '/order/app/getOrder')).toBeNull();

    await outage(request, 'PAYPAL', false);
    await method(page, 'PayPal').click();
    await expect(page).toHaveURL(new RegExp(`^${standIn('PAYPAL')}/checkoutnow\\?token=`));
    // Approved at PayPal, and PayPal is down as the app asks for the capture.
    await outage(request, 'PAYPAL', true);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(outcome(page)).toHaveAttribute('data-state', 'failed');
    const dialog = page.getByRole('dialog', { name: '100 coins' });
    await expect(dialog).toContainText('Not confirmed yet');
    await expect(dialog).toContainText(UNAVAILABLE);
    await expect(coins(page)).toHaveText('0');
    await shot(page, testInfo, 'payments-capture-unavailable');
    expect(await violations(page)).toEqual([]);

    await outage(request, 'PAYPAL', false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(outcome(page)).toHaveAttribute('data-state', 'paid');
    await expect(outcome(page)).toContainText('100 coins are now yours.');
    await expect(coins(page)).toHaveText('100');
  } finally {
    await outage(request, 'PAYPAL', false);
  }
});

test('Apple and Google, where an installation offers them, are bought in the Amora app @desktop', async ({
  page,
  request,
}, testInfo) => {
  const me = await register(request, 'ps', testInfo);
  // The stores need their own certificates and accounts, so this installation offers neither;
  // here its answer names them, in the place the server lists them (before the TEST checkout).
  await page.route('**/prod-api/system/grade/getProduct', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { payTypes: string[] } };
    const types = body.data.payTypes.filter((p) => p !== 'sandbox');
    body.data.payTypes = [...types, 'apple', 'google', 'sandbox'];
    await route.fulfill({ response, json: body });
  });
  await signedIn(page, me, '/pages/recharge/recharge?tab=member');
  await product(page, 'vip-1m').click();
  const names = paySheet(page).getByRole('list', { name: 'Payment methods' }).locator('.pay-name');
  await expect(names).toHaveText([
    'Gold coins',
    'PayPal',
    'Card',
    'Pay later',
    'Apple Pay',
    'Google Pay',
    'TEST checkout',
  ]);
  const apple = method(page, 'Apple Pay');
  await expect(apple).toBeDisabled();
  await expect(apple).toContainText('Only in the Amora app from the App Store, not in a browser');
  const google = method(page, 'Google Pay');
  await expect(google).toBeDisabled();
  await expect(google).toContainText('Only in the Amora app from Google Play, not in a browser');
  await expect(method(page, 'PayPal')).toBeEnabled();
  await shot(page, testInfo, 'payments-stores');
  expect(await violations(page)).toEqual([]);
});
