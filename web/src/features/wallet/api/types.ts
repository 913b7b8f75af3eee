// The wallet domain's wire types: the OpenAPI document the server publishes
// (src/lib/api-schema.d.ts, `npm run gen:api`), with the string enums narrowed to what the server
// answers.
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

export type ProductKind = 'member' | 'gold' | 'character';
export type Product = Schemas['Product'];
/**
 * What can be bought. `payTypes`, when a server sends it, names the methods the installation
 * takes now; without it the TEST checkout is offered until the server refuses it.
 */
export type Catalogue = Schemas['Catalogue'] & { payTypes?: string[] };
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

/** What someone holds: the balances and membership of GET /getInfo's user. */
export type Balances = Pick<
  Schemas['UserView'],
  'coins' | 'characters' | 'level' | 'memberExpiresAt'
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
