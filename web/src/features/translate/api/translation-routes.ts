// GET /system/content/translationRoutes: which of the eight languages translation reaches here,
// read with no session (the guide is read before signing in), and what that lets the app promise.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { components } from '../../../lib/api-schema';
import { translateKeys } from './keys';

export type TranslationRoutes = components['schemas']['TranslationRoutes'];

export function useTranslationRoutes() {
  return useQuery({
    queryKey: translateKeys.routes(),
    queryFn: () => api.get('/system/content/translationRoutes', { silent: true }),
    staleTime: 5 * 60_000,
  });
}

/**
 * How far translation reaches, said the way a person would: between every two languages, among
 * a few (each of them both ways), between some pairs, or nowhere. A pair one way only is not a
 * conversation and promises nothing.
 */
export type Reach =
  | { kind: 'every' }
  | { kind: 'among'; languages: string[] }
  | { kind: 'pairs'; pairs: [string, string][] }
  | { kind: 'none' };

export function reach(routes: TranslationRoutes): Reach {
  const has = new Set(routes.pairs.map((p) => `${p.from}>${p.to}`));
  const both = (a: string, b: string) => has.has(`${a}>${b}`) && has.has(`${b}>${a}`);
  const langs = routes.languages;
  const pairs: [string, string][] = [];
  langs.forEach((a, i) => {
    for (const b of langs.slice(i + 1)) if (both(a, b)) pairs.push([a, b]);
  });
  if (pairs.length === 0) return { kind: 'none' };
  if (pairs.length === (langs.length * (langs.length - 1)) / 2) return { kind: 'every' };
  const among = langs.filter((l) => pairs.some((p) => p.includes(l)));
  const whole = among.every((a, i) => among.slice(i + 1).every((b) => both(a, b)));
  return whole ? { kind: 'among', languages: among } : { kind: 'pairs', pairs };
}
