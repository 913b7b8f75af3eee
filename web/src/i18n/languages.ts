// The eight interface languages, their seed codes (abbr) and the BCP 47 tags Intl understands.
import { StorageKey, getJSON, setJSON } from '../lib/storage';

export const LANGUAGES = [
  { abbr: 'en', language: 'English', native: 'English', intl: 'en' },
  { abbr: 'zh-Hans', language: 'Simplified Chinese', native: '简体中文', intl: 'zh-Hans' },
  { abbr: 'zh-Hant', language: 'Traditional Chinese', native: '繁體中文', intl: 'zh-Hant' },
  { abbr: 'ja', language: 'Japanese', native: '日本語', intl: 'ja' },
  { abbr: 'es', language: 'Spanish', native: 'Español', intl: 'es' },
  { abbr: 'kr', language: 'Korean', native: '한국어', intl: 'ko' },
  { abbr: 'ge', language: 'German', native: 'Deutsch', intl: 'de' },
  { abbr: 'ru', language: 'Russian', native: 'Русский', intl: 'ru' },
] as const;

export type LanguageAbbr = (typeof LANGUAGES)[number]['abbr'];
export interface StoredLanguage {
  language: string;
  abbr: LanguageAbbr;
}

export const DEFAULT_LANGUAGE: StoredLanguage = { language: 'English', abbr: 'en' };

export function isLanguageAbbr(value: unknown): value is LanguageAbbr {
  return LANGUAGES.some((l) => l.abbr === value);
}

export function getStoredLanguage(): StoredLanguage {
  const stored = getJSON<Partial<StoredLanguage> | null>(StorageKey.LANGUAGE, null);
  if (stored && isLanguageAbbr(stored.abbr)) {
    return { language: stored.language ?? languageInfo(stored.abbr).language, abbr: stored.abbr };
  }
  return DEFAULT_LANGUAGE;
}

export function storeLanguage(abbr: LanguageAbbr): void {
  setJSON(StorageKey.LANGUAGE, { language: languageInfo(abbr).language, abbr });
}

export function languageInfo(abbr: LanguageAbbr) {
  return LANGUAGES.find((l) => l.abbr === abbr) ?? LANGUAGES[0];
}

/** The locale Intl should format with for a seed language code (kr -> ko, ge -> de). */
export function intlLocale(abbr: string): string {
  return LANGUAGES.find((l) => l.abbr === abbr)?.intl ?? 'en';
}
