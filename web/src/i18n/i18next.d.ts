// The translation keys i18next and react-i18next accept: those of en.json, which every language
// file carries (scripts/check-locales.mjs). A plural key is written by its base name with `count`
// (`t('wallet.coinsAmount', {count})`), and i18next adds the `_one`/`_other`/... suffix.
import 'i18next';
import type en from './locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    strictKeyChecks: true;
  }
}
