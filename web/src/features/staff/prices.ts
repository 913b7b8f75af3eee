// What staff type into the products table, read back into the change the server takes: only the
// fields that differ, and a problem for any that is not a valid price, amount or length.
import type { ProductChange, StaffProduct } from './api/types';

export interface ProductDraft {
  priceCents: string;
  currency: string;
  priceCoins: string;
  amount: string;
  months: string;
  active: boolean;
}

export type DraftField = Exclude<keyof ProductDraft, 'active'>;

const text = (n: number | null | undefined) => (n == null ? '' : String(n));

export function draftOf(p: StaffProduct): ProductDraft {
  return {
    priceCents: text(p.priceCents),
    currency: p.currency,
    priceCoins: text(p.priceCoins),
    amount: text(p.amount),
    months: text(p.months),
    active: p.active,
  };
}

/** A whole number, or null for an empty field, or NaN for anything else. */
function whole(value: string): number | null {
  const v = value.trim();
  if (!v) return null;
  return /^\d+$/.test(v) ? Number(v) : Number.NaN;
}

/** The fields of the draft that are not valid (as the server's rules have them). */
export function draftProblems(d: ProductDraft, p: StaffProduct): DraftField[] {
  const problems: DraftField[] = [];
  const cents = whole(d.priceCents);
  if (cents === null || Number.isNaN(cents)) problems.push('priceCents');
  if (!/^[A-Z]{3}$/.test(d.currency.trim())) problems.push('currency');
  const coins = whole(d.priceCoins);
  if (coins !== null && (Number.isNaN(coins) || coins < 1)) problems.push('priceCoins');
  const amount = whole(d.amount);
  if (amount === null ? p.amount != null : Number.isNaN(amount) || amount < 1) {
    problems.push('amount');
  }
  const months = whole(d.months);
  if (months === null ? p.months != null : Number.isNaN(months) || months < 1 || months > 36) {
    problems.push('months');
  }
  return problems;
}

/** What changed, as PUT /admin/products/{code} takes it (an emptied coin price is null). */
export function productChange(d: ProductDraft, p: StaffProduct): ProductChange {
  const change: ProductChange = {};
  const cents = whole(d.priceCents);
  if (cents !== null && cents !== p.priceCents) change.priceCents = cents;
  const currency = d.currency.trim();
  if (currency !== p.currency) change.currency = currency;
  const coins = whole(d.priceCoins);
  if (coins !== (p.priceCoins ?? null)) change.priceCoins = coins;
  const amount = whole(d.amount);
  if (amount !== null && amount !== p.amount) change.amount = amount;
  const months = whole(d.months);
  if (months !== null && months !== p.months) change.months = months;
  if (d.active !== p.active) change.active = d.active;
  return change;
}
