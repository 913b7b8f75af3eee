// The staff console's wire types, from the OpenAPI document the server publishes
// (src/lib/api-schema.d.ts, `npm run gen:api`), with the few words the console reads narrowed to
// the values the server documents (DESIGN.md section 9).
import type { Narrowed } from '../../../lib/api';
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

export interface Page<T> {
  rows: T[];
  total: number;
}

export const ACCOUNT_STATUSES = ['active', 'banned', 'deleted'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export type ReportStatus = 'open' | 'closed';
export const REPORT_ACTIONS = ['dismiss', 'ban', 'remove'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** A report of a person (POST /system/form/add), as the moderators see it. */
export type Report = Schemas['ReportView'];
export type ReportPerson = Schemas['Party'];
/** The report with the reported person's latest messages to the reporter, and earlier reports. */
export type ReportDetail = Schemas['ReportDetail'];
/** A line of the group a report was made in: a member's message, or what happened. */
export type GroupLine = Schemas['GroupLine'];

export type CloseReport = Narrowed<
  Schemas['CloseRequest'],
  { action: ReportAction; reason?: string; days?: number }
>;

export type ReviewQueue = Schemas['ReviewQueue'];
export type ReviewPhoto = Schemas['ReviewPhoto'];
export type ReviewDynamic = Schemas['ReviewDynamic'];
/** A first message delivered with a caution, or a message held as spam. */
export type ReviewMessage = Schemas['SafetyItem'];
export const REVIEW_MESSAGE_KINDS = ['caution', 'spam'] as const;
export const REVIEW_MESSAGE_REASONS = ['link', 'phone', 'email', 'money', 'repeated'] as const;

/**
 * A payment a provider vouched for with another amount or currency than its order's: nothing was
 * granted; either decision closes it.
 */
export type ReviewPayment = Schemas['ReviewPayment'];

/** A verification selfie beside the person's current profile photo. */
export type ReviewVerification = Schemas['ReviewVerification'];
export type ReviewAppeal = Schemas['ReviewAppeal'];
export const VERIFICATION_REASONS = ['pose', 'face', 'match', 'quality'] as const;
export type VerificationReason = (typeof VERIFICATION_REASONS)[number];
/** Why staff take down a photo or a post: its owner is told, in their language. */
export const TAKE_DOWN_REASONS = [
  'nudity',
  'violence',
  'hate',
  'spam',
  'not_theirs',
  'other',
] as const;
export type TakeDownReason = (typeof TAKE_DOWN_REASONS)[number];

export type ReviewKind = 'photo' | 'dynamic' | 'message' | 'payment' | 'verification' | 'appeal';
export type ReviewDecision = 'approve' | 'reject';

/** A person as staff see them, and their page with reports and history. */
export type StaffUser = Schemas['Person'];
export type StaffUserDetail = Schemas['PersonDetail'];

export type BanInput = Narrowed<
  Schemas['BanRequest'],
  { reason: string; code: string; days?: number }
>;

/** An entry of the audit log: `staffId` null is an operator command on the server. */
export type AuditEntry = Schemas['AuditEntry'];

export interface AuditFilter {
  targetKind?: string;
  targetId?: string;
}

export type StaffNotice = Schemas['StaffNotice'];
export type NoticeText = Schemas['NoticeText'];
export type NewNotice = Narrowed<
  Schemas['NoticeRequest'],
  { title: string; body: string; language?: string; userId?: number }
>;

export type StaffVersion = Schemas['Version'];
export type NewVersion = Narrowed<
  Schemas['VersionRequest'],
  { version: string; platform: string; notes: string; url: string; mandatory: boolean }
>;

/** Every product, on sale or not, and every gift. */
export type StaffProduct = Schemas['CatalogueProduct'];
export type StaffGift = Schemas['CatalogueGift'];

/** Only what changes; `priceCoins: null` takes the coin price away. */
export type ProductChange = Narrowed<
  Schemas['ProductRequest'],
  {
    priceCents?: number;
    currency?: string;
    priceCoins?: number | null;
    amount?: number;
    months?: number;
    active?: boolean;
  }
>;
export type GiftChange = Narrowed<
  Schemas['GiftRequest'],
  { priceCoins?: number; active?: boolean }
>;

export type ClientError = Schemas['ClientErrorView'];

/** A word of the server's that the console knows how to say, or null. */
export function known<T extends string>(words: readonly T[], word: string | null | undefined) {
  return words.find((w) => w === word) ?? null;
}
