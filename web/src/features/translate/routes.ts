// Whether a text in one language can be translated into another here, as the server's routes say
// (GET /system/content/chatLanguage?userId=: how a person's language reaches each language). The
// embedded Apertium reaches English <-> Spanish; other pairs need the operator's LibreTranslate.
import type { TFunction } from 'i18next';
import { getStoredLanguage, intlLocale } from '../../i18n/languages';

export interface LanguageRoutes {
  language?: string | null | undefined;
  routes: readonly { target: string; route: string }[];
}

/** No route from `routes.language` into `target` (unknown until the server says: false). */
export function unreachable(routes: LanguageRoutes | null | undefined, target: string): boolean {
  return (
    routes?.language != null &&
    routes.language !== target &&
    routes.routes.some((r) => r.target === target && r.route === 'none')
  );
}

/** A language's name in the reader's interface language. */
export function languageName(abbr: string): string {
  try {
    const names = new Intl.DisplayNames([intlLocale(getStoredLanguage().abbr)], {
      type: 'language',
    });
    return names.of(intlLocale(abbr)) ?? abbr;
  } catch {
    return abbr;
  }
}

/** Why that text cannot be translated into `target` here; undefined where it can. */
export function noRouteReason(
  t: TFunction,
  routes: LanguageRoutes | null | undefined,
  target: string,
): string | undefined {
  if (!routes?.language || !unreachable(routes, target)) return undefined;
  return t('translate.noRoute', {
    from: languageName(routes.language),
    to: languageName(target),
  });
}
