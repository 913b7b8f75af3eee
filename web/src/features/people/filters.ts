// The discover filters: what the sheet edits, what is remembered on this device
// (discoverFilters) and the query parameters of GET /system/user/profile/homePage/all.
import { useCallback, useState } from 'react';
import { type Country, isCountry } from '../../i18n/countries';
import { type LanguageAbbr, isLanguageAbbr } from '../../i18n/languages';
import type { ApiQuery } from '../../lib/api';
import { StorageKey, getJSON, setJSON } from '../../lib/storage';

export const MIN_AGE = 18;
export const MAX_AGE = 99;

export interface DiscoverFilters {
  /** Empty: the server's default, the other gender. */
  gender: '' | 'female' | 'male';
  country: '' | Country;
  minAge: number;
  maxAge: number;
  online: boolean;
  withPhotos: boolean;
  newMembers: boolean;
  /** Only people whose photos are verified. */
  verified: boolean;
  language: '' | LanguageAbbr;
}

export const DEFAULT_FILTERS: DiscoverFilters = {
  gender: '',
  country: '',
  minAge: MIN_AGE,
  maxAge: MAX_AGE,
  online: false,
  withPhotos: false,
  newMembers: false,
  verified: false,
  language: '',
};

function clampAge(value: unknown, fallback: number): number {
  const n = Math.round(Number(value));
  return Number.isFinite(n) ? Math.min(MAX_AGE, Math.max(MIN_AGE, n)) : fallback;
}

/** Any stored or edited value made valid: unknown values fall back to the defaults. */
export function normalizeFilters(raw: Partial<Record<keyof DiscoverFilters, unknown>>) {
  let minAge = clampAge(raw.minAge, MIN_AGE);
  let maxAge = clampAge(raw.maxAge, MAX_AGE);
  if (minAge > maxAge) [minAge, maxAge] = [maxAge, minAge];
  const filters: DiscoverFilters = {
    gender: raw.gender === 'female' || raw.gender === 'male' ? raw.gender : '',
    country: isCountry(raw.country) ? raw.country : '',
    minAge,
    maxAge,
    online: raw.online === true,
    withPhotos: raw.withPhotos === true,
    newMembers: raw.newMembers === true,
    verified: raw.verified === true,
    language: isLanguageAbbr(raw.language) ? raw.language : '',
  };
  return filters;
}

export function loadFilters(): DiscoverFilters {
  const stored = getJSON<unknown>(StorageKey.DISCOVER_FILTERS, null);
  return typeof stored === 'object' && stored !== null
    ? normalizeFilters(stored as Partial<Record<keyof DiscoverFilters, unknown>>)
    : DEFAULT_FILTERS;
}

export function saveFilters(filters: DiscoverFilters): void {
  setJSON(StorageKey.DISCOVER_FILTERS, filters);
}

/** How many filters differ from the defaults (the number on the filter button). */
export function activeFilterCount(filters: DiscoverFilters): number {
  let count = 0;
  if (filters.gender) count++;
  if (filters.country) count++;
  if (filters.minAge !== MIN_AGE || filters.maxAge !== MAX_AGE) count++;
  if (filters.online) count++;
  if (filters.withPhotos) count++;
  if (filters.newMembers) count++;
  if (filters.verified) count++;
  if (filters.language) count++;
  return count;
}

/** Only what narrows the search goes to the server. */
export function filterParams(
  filters: DiscoverFilters,
): ApiQuery<'get', '/system/user/profile/homePage/all'> {
  const params: ApiQuery<'get', '/system/user/profile/homePage/all'> = {};
  if (filters.gender) params.gender = filters.gender;
  if (filters.country) params.country = filters.country;
  if (filters.minAge !== MIN_AGE) params.minAge = filters.minAge;
  if (filters.maxAge !== MAX_AGE) params.maxAge = filters.maxAge;
  if (filters.online) params.online = true;
  if (filters.withPhotos) params.withPhotos = true;
  if (filters.newMembers) params.newMembers = true;
  if (filters.verified) params.verified = true;
  if (filters.language) params.language = filters.language;
  return params;
}

/** The filters in effect, remembered on this device whenever they change. */
export function useDiscoverFilters() {
  const [filters, setFilters] = useState(loadFilters);
  const change = useCallback((next: DiscoverFilters) => {
    saveFilters(next);
    setFilters(next);
  }, []);
  return [filters, change] as const;
}
