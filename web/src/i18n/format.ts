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

/** 'YYYY-MM-DD' is a calendar date, not an instant: read it at local noon so no zone shifts it. */
function parseDate(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
}
