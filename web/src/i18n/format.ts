// Dates and numbers through Intl, in the locale of the chosen interface language.
import { getStoredLanguage, intlLocale } from './languages';

function locale(): string {
  return intlLocale(getStoredLanguage().abbr);
}

export function formatDate(value: string | Date, options?: Intl.DateTimeFormatOptions): string {
  const date = typeof value === 'string' ? parseDate(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale(), options ?? { dateStyle: 'medium' }).format(date);
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale(), options).format(value);
}

/** Names as a list in the interface language: "Yuki, Carlos and Ana". */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(locale(), { style: 'long', type: 'conjunction' }).format(items);
}

/**
 * A total the server counts no further than `cap`, as people read it: "1,000+" at the cap (there
 * may be more), the number itself below it.
 */
export function formatCounted(total: number, cap: number): string {
  return total >= cap ? `${formatNumber(cap)}+` : formatNumber(total);
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/**
 * How long ago (or until) an instant is, in words of the interface language: "2 hours ago",
 * "2 時間前". Under a minute reads as "now".
 */
export function formatRelativeTime(
  value: string | Date,
  now: Date = new Date(),
  style: Intl.RelativeTimeFormatStyle = 'long',
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const format = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto', style });
  let amount = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 45) return format.format(0, 'second');
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(Math.round(amount)) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}

/** 'YYYY-MM-DD' is a calendar date, not an instant: read it at local noon so no zone shifts it. */
function parseDate(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
}

/**
 * A wait in words of the interface language, rounded up to the unit that reads naturally:
 * "45 seconds", "3 minutes", "13 hours".
 */
export function formatWait(seconds: number): string {
  const secs = Math.max(1, Math.ceil(seconds));
  const [amount, unit] =
    secs < 60
      ? [secs, 'second']
      : secs < 3600
        ? [Math.ceil(secs / 60), 'minute']
        : [Math.ceil(secs / 3600), 'hour'];
  return new Intl.NumberFormat(locale(), { style: 'unit', unit, unitDisplay: 'long' }).format(
    amount,
  );
}
