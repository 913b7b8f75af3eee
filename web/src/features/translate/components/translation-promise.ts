// What the app may promise about translation, as the server's routes say (the guide's card):
// every language, the few that reach each other, some pairs, or none; while the routes are on
// their way, the cautious words, never the promise.
import { useTranslation } from 'react-i18next';
import { currentAbbr } from '../../../i18n';
import { intlLocale } from '../../../i18n/languages';
import { reach, useTranslationRoutes } from '../api/translation-routes';
import { languageName } from '../routes';

export function useTranslationPromise(): { title: string; body: string } {
  const { t } = useTranslation();
  const routes = useTranslationRoutes().data;
  if (!routes) return { title: t('guide.title2'), body: t('guide.body2Cautious') };
  const list = (items: string[]) =>
    new Intl.ListFormat(intlLocale(currentAbbr()), { type: 'conjunction' }).format(items);
  const found = reach(routes);
  switch (found.kind) {
    case 'every':
      return { title: t('guide.title2'), body: t('guide.body2') };
    case 'among':
      return {
        // "In your own language" only where the reader's own is one of them.
        title: found.languages.includes(currentAbbr()) ? t('guide.title2') : t('guide.title2None'),
        body: t('guide.body2Among', { languages: list(found.languages.map(languageName)) }),
      };
    case 'pairs':
      return {
        title: t('guide.title2'),
        body: t('guide.body2Pairs', {
          pairs: list(
            found.pairs.map(([a, b]) =>
              t('guide.pair', { a: languageName(a), b: languageName(b) }),
            ),
          ),
        }),
      };
    case 'none':
      return { title: t('guide.title2None'), body: t('guide.body2None') };
  }
}
