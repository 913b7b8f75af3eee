// The eleven countries of SPEC section 5, in the seed's order, with their ISO 3166 codes. Names are
// translated through the shared `countries.<name>` keys.
import type { Translate } from '.';

export const COUNTRIES = [
  'Britain',
  'Japan',
  'South Korea',
  'Germany',
  'Russia',
  'Spain',
  'America',
  'Australia',
  'Singapore',
  'Malaysia',
  'Canada',
] as const;

export type Country = (typeof COUNTRIES)[number];

export const COUNTRY_CODES: Record<Country, string> = {
  Britain: 'GB',
  Japan: 'JP',
  'South Korea': 'KR',
  Germany: 'DE',
  Russia: 'RU',
  Spain: 'ES',
  America: 'US',
  Australia: 'AU',
  Singapore: 'SG',
  Malaysia: 'MY',
  Canada: 'CA',
};

export function isCountry(value: unknown): value is Country {
  return (COUNTRIES as readonly unknown[]).includes(value);
}

/** A country in the interface language; one not in the list as the server wrote it. */
export function countryName(country: string, t: Translate): string {
  return isCountry(country) ? t(`countries.${country}`) : country;
}
