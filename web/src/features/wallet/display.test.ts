import { i18n, initI18n, setLanguage } from '../../i18n';
import type { Gift, Order, Product } from './api/types';
import {
  cancelTarget,
  checkoutTarget,
  findProduct,
  formatPrice,
  giftPrice,
  isStorePayType,
  nowYours,
  offeredPayTypes,
  parseRedPacketAmount,
  productTitle,
  providerReturn,
  sandboxParams,
  withoutProviderReturn,
} from './display';

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}:${JSON.stringify(options)}` : key;

const product = (over: Partial<Product>): Product => ({
  id: 1,
  code: 'gold-600',
  kind: 'gold',
  amount: 600,
  priceCents: 999,
  currency: 'USD',
  priceCoins: null,
  ...over,
});

describe('prices', () => {
  afterEach(() => localStorage.clear());

  it('come from cents in the format of the interface language', () => {
    expect(formatPrice(999, 'USD')).toBe('$9.99');
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'German', abbr: 'ge' }));
    expect(formatPrice(1999, 'USD')).toBe('19,99\u00a0$');
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Japanese', abbr: 'ja' }));
    expect(formatPrice(14999, 'USD')).toBe('$149.99');
  });

  it('use the currency’s own minor unit, and survive an unknown currency', () => {
    expect(formatPrice(1200, 'JPY')).toBe('¥1,200');
    expect(formatPrice(500, 'NOPE!')).toBe('5 NOPE!');
  });
});

describe('products', () => {
  it('are named by what they give', () => {
    expect(productTitle(product({ kind: 'member', level: 'SVIP', months: 3 }), t)).toBe(
      'wallet.memberProduct:{"level":"SVIP","count":3}',
    );
    expect(productTitle(product({ amount: 1500 }), t)).toBe(
      'wallet.coinsAmount:{"count":1500,"amount":"1,500"}',
    );
    expect(productTitle(product({ kind: 'character', amount: 10000 }), t)).toBe(
      'wallet.charactersAmount:{"count":10000,"amount":"10,000"}',
    );
  });

  it('are found for an order in any tab of the catalogue', () => {
    const catalogue = {
      member: [product({ id: 1, kind: 'member' })],
      gold: [product({ id: 7 })],
      character: [product({ id: 9, kind: 'character' })],
      payTypes: ['gold'],
    };
    expect(findProduct(catalogue, 9)?.kind).toBe('character');
    expect(findProduct(catalogue, 99)).toBeUndefined();
    expect(findProduct(undefined, 1)).toBeUndefined();
  });
});

describe('gift prices', () => {
  const card: Gift = { id: 6, code: 'love-card', kind: 'card', icon: '💌', priceCoins: 50 };
  const rose: Gift = { id: 1, code: 'rose', kind: 'other', icon: '🌹', priceCoins: 10 };

  it('are 30% less on cards for members, rounded up like the server', () => {
    expect(giftPrice(card, true, 30)).toBe(35);
    expect(giftPrice({ ...card, priceCoins: 40 }, true, 30)).toBe(28);
    expect(giftPrice({ ...card, priceCoins: 11 }, true, 30)).toBe(8);
  });

  it('are the list price for everyone else and for other gifts', () => {
    expect(giftPrice(card, false, 30)).toBe(50);
    expect(giftPrice(rose, true, 30)).toBe(10);
  });
});

describe('payment methods', () => {
  const all = ['gold', 'paypal', 'card', 'paylater', 'apple', 'google', 'sandbox'];

  it("are the installation's, in its order, gold only for what has a price in coins", () => {
    const vip = product({ kind: 'member', priceCoins: 2000 });
    expect(offeredPayTypes({ payTypes: all }, vip)).toEqual(all);
    expect(offeredPayTypes({ payTypes: ['gold', 'card', 'paypal'] }, vip)).toEqual([
      'gold',
      'card',
      'paypal',
    ]);
    // A gold pack cannot be paid with gold.
    expect(offeredPayTypes({ payTypes: all }, product({}))).toEqual(all.slice(1));
  });

  it('leave out a method this app does not know, and offer gold alone when none are named', () => {
    const pack = product({ kind: 'character', priceCoins: 300 });
    expect(offeredPayTypes({ payTypes: ['gold', 'crypto', 'paypal'] }, pack)).toEqual([
      'gold',
      'paypal',
    ]);
    expect(offeredPayTypes(undefined, pack)).toEqual(['gold']);
    expect(offeredPayTypes({ payTypes: ['gold'] }, product({}))).toEqual([]);
  });

  it('of the stores are Apple and Google', () => {
    expect(all.filter((p) => isStorePayType(p as never))).toEqual(['apple', 'google']);
  });
});

describe('checkouts', () => {
  const origin = 'https://amora.example';

  it('of this app open in the app, even when the public address differs', () => {
    expect(
      checkoutTarget(`${origin}/pages/recharge/recharge?sandboxOrder=5&token=abc`, origin),
    ).toEqual({
      inApp: '/pages/recharge/recharge?sandboxOrder=5&token=abc',
    });
    expect(
      checkoutTarget(
        'http://localhost:8080/pages/recharge/recharge?sandboxOrder=5&token=abc',
        origin,
      ),
    ).toEqual({ inApp: '/pages/recharge/recharge?sandboxOrder=5&token=abc' });
  });

  it('of a provider are a redirect; other schemes are refused', () => {
    expect(checkoutTarget('https://pay.example/checkout?id=1', origin)).toEqual({
      external: 'https://pay.example/checkout?id=1',
    });
    expect(checkoutTarget('javascript:alert(1)', origin)).toBeNull();
  });

  it('carry the order and its token', () => {
    expect(sandboxParams('?sandboxOrder=12&token=t0k')).toEqual({ orderId: 12, token: 't0k' });
    expect(sandboxParams('?sandboxOrder=x&token=t0k')).toBeNull();
    expect(sandboxParams('?sandboxOrder=12')).toBeNull();
    const order: Order = {
      id: 12,
      productId: 8,
      payType: 'sandbox',
      state: 'unfinished',
      priceCents: 999,
      currency: 'USD',
      priceCoins: null,
      checkoutUrl: `${origin}/pages/recharge/recharge?sandboxOrder=12&token=t0k`,
      createdAt: '2026-11-22T12:00:00Z',
    };
    expect(cancelTarget(order)).toEqual({ orderId: 12, token: 't0k' });
    expect(cancelTarget({ ...order, checkoutUrl: null })).toEqual({ orderId: 12 });
    // PayPal's token is PayPal's order, not ours: my session cancels my order.
    expect(
      cancelTarget({
        ...order,
        payType: 'paypal',
        checkoutUrl: 'https://www.paypal.com/checkoutnow?token=5O190127TN364715T',
      }),
    ).toEqual({ orderId: 12 });
  });
});

describe('the way back from a provider', () => {
  it('names the order and what settles it', () => {
    expect(
      providerReturn('?payReturn=paypal&orderId=7&token=5O190127TN364715T&PayerID=PAYER1'),
    ).toEqual({ outcome: 'paid', provider: 'paypal', orderId: 7, token: '5O190127TN364715T' });
    expect(providerReturn('?payReturn=stripe&orderId=7&session_id=cs_test_a1')).toEqual({
      outcome: 'paid',
      provider: 'stripe',
      orderId: 7,
      sessionId: 'cs_test_a1',
    });
    expect(providerReturn('?payCancel=paypal&orderId=7&token=5O190127TN364715T')).toEqual({
      outcome: 'cancelled',
      provider: 'paypal',
      orderId: 7,
    });
    expect(providerReturn('?payCancel=stripe&orderId=7')).toEqual({
      outcome: 'cancelled',
      provider: 'stripe',
      orderId: 7,
    });
  });

  it('is nothing without its order or its reference', () => {
    expect(providerReturn('?payReturn=paypal&orderId=7')).toBeNull();
    expect(providerReturn('?payReturn=stripe&orderId=7&token=x')).toBeNull();
    expect(providerReturn('?payReturn=stripe&orderId=x&session_id=cs_1')).toBeNull();
    expect(providerReturn('?payCancel=bank&orderId=7')).toBeNull();
    expect(providerReturn('?sandboxOrder=7&token=t0k')).toBeNull();
    expect(providerReturn('?tab=gold')).toBeNull();
  });

  it('leaves the address, keeping anything else it had', () => {
    const back = (q: string) => withoutProviderReturn(new URLSearchParams(q))?.toString() ?? null;
    expect(back('?payReturn=paypal&orderId=7&token=T&PayerID=P')).toBe('');
    expect(back('?tab=gold&payReturn=stripe&orderId=7&session_id=cs_1')).toBe('tab=gold');
    expect(back('?payCancel=paypal&orderId=7&token=T')).toBe('');
    // Not a provider's return: left as it is (the TEST checkout has a token too).
    expect(back('?sandboxOrder=7&token=t0k')).toBeNull();
  });
});

describe('red packet amounts', () => {
  it('are whole coins from 1 to 1,000,000', () => {
    expect(parseRedPacketAmount(' 50 ')).toBe(50);
    expect(parseRedPacketAmount('')).toBeNull();
    expect(parseRedPacketAmount('0')).toBeNull();
    expect(parseRedPacketAmount('1.5')).toBeNull();
    expect(parseRedPacketAmount('-3')).toBeNull();
    expect(parseRedPacketAmount('1000001')).toBeNull();
    expect(parseRedPacketAmount('1000000')).toBe(1_000_000);
  });
});

describe('a paid purchase', () => {
  afterEach(() => localStorage.clear());

  it("says what is now the buyer's, the amount in the grammar of the language", async () => {
    await initI18n();
    const said = (over: Partial<Product>) => nowYours(product(over), i18n.t.bind(i18n));
    await setLanguage('en');
    expect(said({ amount: 600 })).toBe('600 coins are now yours.');
    expect(said({ amount: 1 })).toBe('1 coin is now yours.');
    expect(said({ kind: 'character', amount: 2000 })).toBe('2,000 characters are now yours.');
    expect(said({ kind: 'member', level: 'SVIP', months: 3 })).toBe(
      'SVIP for 3 months is now yours.',
    );
    await setLanguage('ru');
    expect(said({ amount: 1 })).toBe('1 монета теперь ваша.');
    expect(said({ amount: 3 })).toBe('3 монеты теперь ваши.');
    expect(said({ amount: 600 })).toBe('600 монет теперь ваши.');
    expect(said({ amount: 1500 })).toBe('1\u00a0500 монет теперь ваши.');
    await setLanguage('ge');
    expect(said({ amount: 1 })).toBe('1 Münze gehört jetzt dir.');
    expect(said({ amount: 600 })).toBe('600 Münzen gehören jetzt dir.');
    await setLanguage('en');
  });
});
