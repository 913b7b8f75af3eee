// How the console writes what the server answers: times, ban lengths, JSON of the audit log.
import { type Translate, type TranslationKey, i18n } from '../../../i18n';
import { formatDate, formatNumber } from '../../../i18n/format';
import { systemLineText } from '../../../lib/group-system-line';
import type { GroupLine, Report } from '../api/types';

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

function word(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * A line of a group as staff read it: a system line written out as the chat writes it (staff are
 * nobody in the group), a text as sent, anything else named by what it is.
 */
export function groupLineText(t: Translate, line: GroupLine): string {
  const content = line.content as Record<string, unknown> | null;
  if (line.kind === 'system') return systemLineText(content, null, t);
  if (line.recalled || content === null) return t('staff.reports.line.recalled');
  switch (line.type) {
    case 'txt':
      return word(content.text);
    case 'img':
      return t('staff.reports.line.picture');
    case 'audio':
      return t('staff.reports.line.voice');
    case 'loc': {
      const name = word(content.name) || word(content.address);
      return name ? t('staff.reports.line.place', { name }) : t('staff.reports.line.placeUnnamed');
    }
    default:
      return messageText(content, line.type);
  }
}

/** What a report is about: a person, a group, or one message in a group. */
export type ReportSubject = 'person' | 'group' | 'message';

export function reportSubject(report: Pick<Report, 'group' | 'messageId'>): ReportSubject {
  if (report.messageId != null) return 'message';
  return report.group ? 'group' : 'person';
}
