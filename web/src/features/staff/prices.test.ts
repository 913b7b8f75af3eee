import type { StaffProduct } from './api/types';
import { draftOf, draftProblems, productChange } from './prices';

const vip: StaffProduct = {
  code: 'vip-1m',
  kind: 'membership',
  level: 'VIP',
  months: 1,
  amount: null,
  priceCents: 999,
  currency: 'USD',
  priceCoins: 1200,
  active: true,
  sort: 1,
};

describe('a product as staff edit it', () => {
  it('sends nothing when nothing changed', () => {
    const draft = draftOf(vip);
    expect(draftProblems(draft, vip)).toEqual([]);
    expect(productChange(draft, vip)).toEqual({});
  });

  it('sends only the fields that changed', () => {
    const draft = { ...draftOf(vip), priceCents: '1299', active: false };
    expect(productChange(draft, vip)).toEqual({ priceCents: 1299, active: false });
  });

  it('clears the coin price when the field is emptied', () => {
    const draft = { ...draftOf(vip), priceCoins: '' };
    expect(draftProblems(draft, vip)).toEqual([]);
    expect(productChange(draft, vip)).toEqual({ priceCoins: null });
  });

  it('names each field that is not valid', () => {
    const draft = {
      ...draftOf(vip),
      priceCents: '-1',
      currency: 'usd',
      priceCoins: '0',
      months: '37',
    };
    expect(draftProblems(draft, vip)).toEqual(['priceCents', 'currency', 'priceCoins', 'months']);
  });

  it('reads a field the server left out as empty', () => {
    const coins = { ...vip, priceCoins: undefined, amount: undefined };
    expect(draftProblems(draftOf(coins), coins)).toEqual([]);
    expect(productChange(draftOf(coins), coins)).toEqual({});
  });

  it('lets a product without an amount keep none', () => {
    expect(draftProblems({ ...draftOf(vip), amount: '' }, vip)).toEqual([]);
    expect(draftProblems({ ...draftOf(vip), amount: '0' }, vip)).toEqual(['amount']);
  });
});
