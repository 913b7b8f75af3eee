// How the wallet reads: prices in the interface language, product names, membership status,
// member prices of gifts, and where a checkout goes.
import type { Translate } from '../../i18n';
import { formatDate, formatNumber } from '../../i18n/format';
import { paths } from '../../lib/paths';
import type { Balances, Catalogue, Gift, Order, PayType, Product, ProductKind } from './api/types';

export type RechargeTab = ProductKind;
export const RECHARGE_TABS: readonly RechargeTab[] = ['member', 'gold', 'character'];

export function rechargeHref(tab?: RechargeTab): string {
  return tab ? `${paths.recharge}?tab=${tab}` : paths.recharge;
}

export function isRechargeTab(value: unknown): value is RechargeTab {
  return RECHARGE_TABS.includes(value as RechargeTab);
}

/** A price from integer minor units (cents), in the interface language's currency format. */
export function formatPrice(cents: number, currency: string): string {
  let digits: number;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    return `${formatNumber(cents / 100)} ${currency}`;
  }
  return formatNumber(cents / 10 ** digits, { style: 'currency', currency });
}

export function formatCoins(coins: number): string {
  return formatNumber(coins);
}

/** What a product is called: "VIP · 3 months", "600 coins", "10,000 characters". */
export function productTitle(product: Product, t: Translate): string {
  const amount = product.amount ?? 0;
  switch (product.kind) {
    case 'member':
      return t('wallet.memberProduct', {
        level: product.level ?? 'VIP',
        count: product.months ?? 1,
      });
    case 'gold':
      return t('wallet.coinsAmount', { count: amount, amount: formatNumber(amount) });
    default:
      return t('wallet.charactersAmount', { count: amount, amount: formatNumber(amount) });
  }
}

/** What a paid purchase gives, as the buyer reads it: "600 coins are now yours." */
export function nowYours(product: Product, t: Translate): string {
  const amount = product.amount ?? 0;
  switch (product.kind) {
    case 'member':
      return t('wallet.memberNowYours', {
        level: product.level ?? 'VIP',
        count: product.months ?? 1,
      });
    case 'gold':
      return t('wallet.coinsNowYours', { count: amount, amount: formatNumber(amount) });
    default:
      return t('wallet.charactersNowYours', { count: amount, amount: formatNumber(amount) });
  }
}

/** The product an order is for, when the catalogue lists it. */
export function findProduct(catalogue: Catalogue | undefined, productId: number) {
  if (!catalogue) return undefined;
  return [...catalogue.member, ...catalogue.gold, ...catalogue.character].find(
    (p) => p.id === productId,
  );
}

/** A running VIP or SVIP membership. */
export function isMember(balances: Balances | undefined, now = Date.now()): boolean {
  if (!balances?.level || !balances.memberExpiresAt) return false;
  return new Date(balances.memberExpiresAt).getTime() > now;
}

/** "VIP until 3 Mar 2027", or "Free member". */
export function membershipLine(balances: Balances | undefined, t: Translate): string {
  if (!balances || !isMember(balances)) return t('wallet.freeMember');
  return t('wallet.memberUntil', {
    level: balances.level,
    date: formatDate(balances.memberExpiresAt ?? '', { dateStyle: 'medium' }),
  });
}

/** The card-gift discount members get (SPEC section 6), unless the server says otherwise. */
export const DEFAULT_CARD_DISCOUNT_PERCENT = 30;

/** What a gift costs me: members pay less for cards, rounded up to a whole coin (as the server). */
export function giftPrice(gift: Gift, member: boolean, discountPercent: number): number {
  if (!member || gift.kind !== 'card') return gift.priceCoins;
  return Math.ceil((gift.priceCoins * (100 - discountPercent)) / 100);
}

/** The methods of SPEC section 9 in the order the payment sheet lists them. */
export const LISTED_PAY_TYPES: readonly PayType[] = [
  'gold',
  'paypal',
  'apple',
  'google',
  'card',
  'paylater',
  'sandbox',
];

/**
 * Whether the sheet lists a method. The TEST checkout only shows where the installation takes it:
 * as the catalogue says when it names its methods, otherwise until the server has refused it.
 */
export function listsPayType(
  payType: PayType,
  catalogue: Pick<Catalogue, 'payTypes'> | undefined,
  sandboxRefused: boolean,
): boolean {
  if (payType !== 'sandbox') return true;
  if (catalogue?.payTypes) return catalogue.payTypes.includes('sandbox');
  return !sandboxRefused;
}

/** Whether the catalogue says a method cannot be used now (unknown: let the server answer). */
export function knownUnavailable(
  payType: PayType,
  catalogue: Pick<Catalogue, 'payTypes'> | undefined,
): boolean {
  return Boolean(catalogue?.payTypes && !catalogue.payTypes.includes(payType));
}

/**
 * Where to send the buyer for an order's checkout: a page of this app (the TEST checkout) opens
 * in the app; another site is a full redirect.
 */
export function checkoutTarget(
  checkoutUrl: string,
  origin: string,
): { inApp: string } | { external: string } | null {
  let url: URL;
  try {
    url = new URL(checkoutUrl, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin === origin || url.pathname === paths.recharge) {
    return { inApp: `${url.pathname}${url.search}` };
  }
  return { external: url.href };
}

/** The order id and checkout token a TEST checkout URL (or the checkout page's query) carries. */
export function sandboxParams(
  search: string | URLSearchParams,
): { orderId: number; token: string } | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw = params.get('sandboxOrder');
  const token = params.get('token');
  if (!raw || !/^\d+$/.test(raw) || !token) return null;
  return { orderId: Number(raw), token };
}

/** The checkout token of an unfinished order, to cancel it (null when its URL has none). */
export function orderReturn(order: Order): { orderId: number; token: string } | null {
  if (!order.checkoutUrl) return null;
  try {
    const url = new URL(order.checkoutUrl, 'http://localhost');
    const token = url.searchParams.get('token');
    return token ? { orderId: order.id, token } : null;
  } catch {
    return null;
  }
}

/** A red packet's amount as typed: whole coins from 1 to 1,000,000, else null. */
export const MAX_RED_PACKET = 1_000_000;
export function parseRedPacketAmount(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return null;
  const amount = Number(text);
  return amount >= 1 && amount <= MAX_RED_PACKET ? amount : null;
}

/** The blessing the server stores at most. */
export const MAX_BLESSING_CHARS = 60;
