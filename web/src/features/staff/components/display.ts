// How the console writes what the server answers: times, ban lengths, JSON of the audit log.
import { type Translate, type TranslationKey, i18n } from '../../../i18n';
import { formatDate, formatNumber } from '../../../i18n/format';

/** A date and time in the reader's language ("25 Nov 2026, 10:02"). */
export function when(value: string | null | undefined): string {
  if (!value) return '';
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
}

/** An amount in cents as the provider named it ("9.99 USD"); -1 is an amount it wrote unreadably. */
export function amount(cents: number, currency: string): string {
  if (cents < 0) return `? ${currency}`;
  return `${formatNumber(cents / 100, { minimumFractionDigits: 2 })} ${currency}`;
}

/** A whole number from a text field: null when empty, NaN when not a whole number. */
export function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The days of a ban as typed: empty (until lifted) or 1 to 3650. */
export const BAN_DAYS_MAX = 3650;
export const BAN_REASON_MAX = 500;

export function banDaysProblem(text: string): boolean {
  const days = wholeNumber(text);
  return days !== null && (Number.isNaN(days) || days < 1 || days > BAN_DAYS_MAX);
}

/** JSON of an audit entry, indented, or nothing. */
export function prettyJson(value: unknown): string {
  if (value === null || value === undefined) return '';
  return JSON.stringify(value, null, 2);
}

/** The text of a chat message's content, or its type when it has no text. */
export function messageText(content: Record<string, unknown> | null, type: string): string {
  const text = content?.text;
  return typeof text === 'string' ? text : `[${type}]`;
}

/** A report's or flag's reason in the reader's language, as the reporter picked it. */
export function reasonLabel(t: Translate, reason: string): string {
  const key = `report.reasons.${reason}`;
  return i18n.exists(key) ? t(key as TranslationKey) : reason;
}

/** A gift's name in the reader's language, where the app has one. */
export function giftName(t: Translate, code: string): string {
  const key = `wallet.gift.${code}`;
  return i18n.exists(key) ? t(key as TranslationKey) : '';
}
