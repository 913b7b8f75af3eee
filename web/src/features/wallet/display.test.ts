import { i18n, initI18n, setLanguage } from '../../i18n';
import type { Gift, Order, Product } from './api/types';
import {
  checkoutTarget,
  findProduct,
  formatPrice,
  giftPrice,
  isMember,
  knownUnavailable,
  listsPayType,
  nowYours,
  orderReturn,
  parseRedPacketAmount,
  productTitle,
  sandboxParams,
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
    };
    expect(findProduct(catalogue, 9)?.kind).toBe('character');
    expect(findProduct(catalogue, 99)).toBeUndefined();
    expect(findProduct(undefined, 1)).toBeUndefined();
  });
});

describe('membership', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('is running while the expiry is ahead', () => {
    const level = 'VIP';
    expect(
      isMember({ coins: 0, characters: 0, level, memberExpiresAt: '2026-12-01T00:00:00Z' }, now),
    ).toBe(true);
    expect(
      isMember({ coins: 0, characters: 0, level, memberExpiresAt: '2026-11-01T00:00:00Z' }, now),
    ).toBe(false);
    expect(isMember({ coins: 0, characters: 0, level: null, memberExpiresAt: null }, now)).toBe(
      false,
    );
    expect(isMember(undefined, now)).toBe(false);
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
  it('list the TEST checkout only where the server takes it', () => {
    expect(listsPayType('sandbox', { payTypes: ['gold', 'sandbox'] }, true)).toBe(true);
    expect(listsPayType('sandbox', { payTypes: ['gold'] }, false)).toBe(false);
    // A server that does not name its methods: until it refuses the TEST checkout.
    expect(listsPayType('sandbox', {}, false)).toBe(true);
    expect(listsPayType('sandbox', undefined, true)).toBe(false);
    expect(listsPayType('paypal', { payTypes: ['gold'] }, true)).toBe(true);
  });

  it('are known to be unavailable only when the server says which it takes', () => {
    expect(knownUnavailable('paypal', { payTypes: ['gold'] })).toBe(true);
    expect(knownUnavailable('gold', { payTypes: ['gold'] })).toBe(false);
    expect(knownUnavailable('paypal', {})).toBe(false);
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
    expect(orderReturn(order)).toEqual({ orderId: 12, token: 't0k' });
    expect(orderReturn({ ...order, checkoutUrl: null })).toBeNull();
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
