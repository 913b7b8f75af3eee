// The wallet domain's wire types: the OpenAPI document the server publishes
// (src/lib/api-schema.d.ts, `npm run gen:api`), with the string enums narrowed to what the server
// answers.
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

export type ProductKind = 'member' | 'gold' | 'character';
export type Product = Schemas['Product'];
/**
 * What can be bought, and `payTypes`: the methods this installation takes, in the order the
 * payment sheet lists them (gold first).
 */
export type Catalogue = Schemas['Catalogue'];
export type Grade = Schemas['Grade'];
export type Gift = Schemas['Gift'];
export type Claimed = Schemas['Claimed'];

export type OrderState = 'unfinished' | 'finished' | 'cancelled' | 'failed';
export type Order = Omit<Schemas['Order'], 'state'> & { state: OrderState | (string & {}) };

/** The payment methods of SPEC section 9, and the TEST checkout of demo installations. */
export const PAY_TYPES = [
  'gold',
  'paypal',
  'apple',
  'google',
  'card',
  'paylater',
  'sandbox',
] as const;
export type PayType = (typeof PAY_TYPES)[number];

/** The methods whose checkout is at the provider's site: the buyer leaves and comes back. */
export type ProviderPayType = 'paypal' | 'card' | 'paylater';

/** What someone holds: the balances and membership of GET /getInfo's user. */
export type Balances = Pick<
  Schemas['UserView'],
  'coins' | 'characters' | 'translationAllowance' | 'level' | 'memberExpiresAt'
>;

/** A gift message's content as stored: what was given and what it cost the sender. */
export interface GiftContent {
  giftId: number;
  code?: string;
  kind?: string;
  icon?: string;
  price?: number;
}

export type RedPacketState = 'unclaimed' | 'received' | 'returned';

/** A red packet message's content; the sender's copy before the ack has only amount and blessing. */
export interface RedPacketContent {
  redPacketId?: number;
  amount: number;
  blessing?: string;
  state?: RedPacketState | (string & {});
}
