// Finding a place by name (GET /system/place/search): towns built into the server, or the
// operator's geocoder, each named in the reader's language.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface FoundPlace {
  name: string;
  /** ISO 3166 alpha-2. */
  country: string;
  lat: number;
  lng: number;
}

/** The places named like `typed` (trimmed; nothing is asked for less than two characters). */
export function usePlaceSearch(typed: string, lang: string) {
  const q = typed.trim();
  return useQuery({
    queryKey: ['places', 'search', lang, q],
    queryFn: async (): Promise<FoundPlace[]> =>
      (await api.get('/system/place/search', { query: { q, lang } })).rows,
    enabled: [...q].length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
