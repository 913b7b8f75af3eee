// How the wallet reads: prices in the interface language, product names, membership status,
// member prices of gifts, and where a checkout goes.
import type { Translate } from '../../i18n';
import { formatDate, formatNumber } from '../../i18n/format';
import { isMember } from '../../lib/membership';
import { paths } from '../../lib/paths';
import type { CancelTarget } from './api/orders';
import {
  type Balances,
  type Catalogue,
  type Gift,
  type Order,
  PAY_TYPES,
  type PayType,
  type Product,
  type ProductKind,
} from './api/types';

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

/**
 * The methods the payment sheet lists for a product: those the installation takes (the
 * catalogue's `payTypes`, in its order), gold only where the product has a price in coins.
 */
export function offeredPayTypes(
  catalogue: Pick<Catalogue, 'payTypes'> | undefined,
  product: Pick<Product, 'priceCoins'>,
): PayType[] {
  const offered = catalogue?.payTypes ?? ['gold'];
  return offered.filter(
    (p): p is PayType =>
      (PAY_TYPES as readonly string[]).includes(p) && (p !== 'gold' || product.priceCoins != null),
  );
}

/** Store purchases: made in the Amora app installed from the App Store or Google Play only. */
export function isStorePayType(payType: PayType): payType is 'apple' | 'google' {
  return payType === 'apple' || payType === 'google';
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

/**
 * What cancels an unfinished order: the order, and for the TEST checkout its checkout token too
 * (a provider's checkout URL carries the provider's own reference, which is not ours to send).
 */
export function cancelTarget(order: Order): CancelTarget {
  if (order.payType !== 'sandbox' || !order.checkoutUrl) return { orderId: order.id };
  try {
    const token = new URL(order.checkoutUrl, 'http://localhost').searchParams.get('token');
    return token ? { orderId: order.id, token } : { orderId: order.id };
  } catch {
    return { orderId: order.id };
  }
}

/** The query parameters a provider's checkout sends the buyer back with. */
const RETURN_PARAMS = ['payReturn', 'payCancel', 'orderId', 'token', 'PayerID', 'session_id'];

/**
 * The buyer back from a provider's checkout: paid at PayPal (to capture), finished at Stripe
 * Checkout (to confirm), or turned back at either (to cancel).
 */
export type ProviderReturn =
  | { outcome: 'paid'; provider: 'paypal'; orderId: number; token: string }
  | { outcome: 'paid'; provider: 'stripe'; orderId: number; sessionId: string }
  | { outcome: 'cancelled'; provider: 'paypal' | 'stripe'; orderId: number };

/** The return a recharge page address carries (`?payReturn=` or `?payCancel=`), or null. */
export function providerReturn(search: string | URLSearchParams): ProviderReturn | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw = params.get('orderId');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const orderId = Number(raw);
  const cancelled = params.get('payCancel');
  if (cancelled === 'paypal' || cancelled === 'stripe') {
    return { outcome: 'cancelled', provider: cancelled, orderId };
  }
  const paid = params.get('payReturn');
  const token = params.get('token');
  const sessionId = params.get('session_id');
  if (paid === 'paypal' && token) return { outcome: 'paid', provider: 'paypal', orderId, token };
  if (paid === 'stripe' && sessionId) {
    return { outcome: 'paid', provider: 'stripe', orderId, sessionId };
  }
  return null;
}

/**
 * The address without a provider's return, so that reloading the page does not handle it again;
 * null when it carries none.
 */
export function withoutProviderReturn(search: URLSearchParams): URLSearchParams | null {
  if (!search.has('payReturn') && !search.has('payCancel')) return null;
  const rest = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) rest.delete(name);
  return rest;
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
