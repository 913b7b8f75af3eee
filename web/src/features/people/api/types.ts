// The people domain's wire types, from the OpenAPI document the server publishes
// (src/lib/api-schema.d.ts, `npm run gen:api`).
import type { Narrowed } from '../../../lib/api';
import type { components } from '../../../lib/api-schema';
import type { ReportReason } from '../../../lib/report-reasons';

type Schemas = components['schemas'];

/** A person's public card; `remark` is my private name for them. */
export type Card = Schemas['Card'];
/** A card with my relation to the person (GET /system/user/profile/homePage). */
export type Profile = Schemas['Profile'];
/** The red badges: what is new since each list was last opened. */
export type Counters = Schemas['Counters'];
export type LikeState = Schemas['LikeState'];
export type Level = Schemas['Level'];

/**
 * A page of people, whichever list: `total` is counted up to PEOPLE_COUNTED, and
 * `nextPageToken` names the page after it (null at the end).
 */
export type PeoplePage = Schemas['PeoplePage'];

/** The people lists, each behind its own endpoint. */
export type PeopleListKind = 'likeTo' | 'likeMe' | 'visitor' | 'mutual' | 'contacts' | 'blocked';

export type ReportInput = Narrowed<
  Schemas['ReportRequest'],
  {
    userId: number;
    reason: ReportReason;
    content?: string;
    /** Screenshots as data URLs, at most three. */
    images?: string[];
  }
>;

/** Someone nearby: their card, `distanceKm` (5 at the least: "less than 5 km") and the town of
 * their area in my language, where one is near. */
export type NearbyCard = Schemas['NearbyCard'];
export type NearbyPage = Schemas['NearbyPage'];
