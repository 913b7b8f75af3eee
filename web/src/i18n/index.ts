// i18next setup. Only the active language's JSON is loaded (each is its own chunk), which keeps
// the other seven off the login route's critical path.
import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type LanguageAbbr, getStoredLanguage, intlLocale, storeLanguage } from './languages';

// Every file has the same keys, plural forms included: each carries every form any of the eight
// languages uses, and i18next picks the one its language's rules name (scripts/check-locales.mjs).
const loaders: Record<LanguageAbbr, () => Promise<{ default: object }>> = {
  en: () => import('./locales/en.json'),
  'zh-Hans': () => import('./locales/zh-Hans.json'),
  'zh-Hant': () => import('./locales/zh-Hant.json'),
  ja: () => import('./locales/ja.json'),
  es: () => import('./locales/es.json'),
  kr: () => import('./locales/kr.json'),
  ge: () => import('./locales/ge.json'),
  ru: () => import('./locales/ru.json'),
};

export const i18n = i18next.createInstance();

async function load(abbr: LanguageAbbr): Promise<void> {
  if (i18n.hasResourceBundle(abbr, 'translation')) return;
  const messages = (await loaders[abbr]()).default;
  i18n.addResourceBundle(abbr, 'translation', messages, true, true);
}

function applyDocumentLanguage(abbr: LanguageAbbr): void {
  if (typeof document !== 'undefined') document.documentElement.lang = intlLocale(abbr);
}

export async function initI18n(): Promise<typeof i18n> {
  const { abbr } = getStoredLanguage();
  await i18n.use(initReactI18next).init({
    lng: abbr,
    fallbackLng: false,
    load: 'currentOnly',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await load(abbr);
  await i18n.changeLanguage(abbr);
  applyDocumentLanguage(abbr);
  return i18n;
}

/** Loads a language, makes it current and stores it as LANGUAGE. */
export async function setLanguage(abbr: LanguageAbbr): Promise<void> {
  await load(abbr);
  storeLanguage(abbr);
  await i18n.changeLanguage(abbr);
  applyDocumentLanguage(abbr);
}

export function currentAbbr(): LanguageAbbr {
  return getStoredLanguage().abbr;
}

/** A key of the translation files (a plural key by its base name). */
export type TranslationKey = ParseKeys<'translation'>;

/** The last parts of the keys in a section: `KeysUnder<'wallet.gift'>` is 'rose' | 'coffee' | …. */
export type KeysUnder<Section extends string> = TranslationKey extends infer Key
  ? Key extends `${Section}.${infer Name}`
    ? Name
    : never
  : never;

/**
 * A translation function, as `useTranslation().t` and `t` below are: a key of en.json in, its
 * text in the interface language out.
 */
export type Translate = (key: TranslationKey, options?: Record<string, unknown>) => string;

/** The interface language's text, for code outside React. */
export const t: Translate = (key, options) => i18n.t(key, options ?? {});
