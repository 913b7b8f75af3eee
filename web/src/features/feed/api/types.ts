// The feed domain's wire types, from the OpenAPI document the server publishes
// (src/lib/api-schema.d.ts, `npm run gen:api`): dynamics (posts), their photos and comments.
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

export type Level = Schemas['Level'];
/** A photo of a dynamic: the full picture and its thumbnail. */
export type DynamicImage = Schemas['Picture'];
/** A dynamic (a post), with my like and whether it is mine. */
export type Dynamic = Schemas['Dynamic'];
/** A comment; a top-level one carries its sub-comments' count and the first few of them. */
export type Comment = Schemas['Comment'];
/** A page of the feed: `next` goes back as `before` for the following page; null at the end. */
export type FeedPage = Schemas['FeedPage'];

export interface CommentPage {
  rows: Comment[];
  total: number;
}

/** Why a dynamic is flagged for the moderators. */
export const FLAG_REASONS = [
  'spam',
  'inappropriate_content',
  'harassment',
  'scam',
  'other',
] as const;

export type FlagReason = (typeof FLAG_REASONS)[number];
