// A place shared in the chat (message type `loc`, docs/im-protocol.md): read from a message or
// from the address of the page that shows it, written for people (its coordinates, how far it
// is), and the ways out to the phone's maps.
import type { MessageContentView } from '../../lib/message-view';
import { paths } from '../../lib/paths';

export interface Place {
  lat: number;
  lng: number;
  name?: string;
  address?: string;
  /** Rounded to about 1 km by the server before it was stored. */
  approximate: boolean;
}

function inRange(value: unknown, limit: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The place a message or a page's address carries; null when it is not one. */
export function placeOf(content: MessageContentView | null | undefined): Place | null {
  if (!content || !inRange(content.lat, 90) || !inRange(content.lng, 180)) return null;
  return {
    lat: content.lat,
    lng: content.lng,
    name: text(content.name),
    address: text(content.address),
    approximate: content.approximate !== false,
  };
}

/** The page that shows a place: `/open-location?data=<the place as JSON>`. */
export function placeHref(place: Place): string {
  return `${paths.openLocation}?data=${encodeURIComponent(JSON.stringify(place))}`;
}

/** The place in `/open-location?data=`; null when the address holds none. */
export function placeFromParam(data: string | null): Place | null {
  if (!data) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null
      ? placeOf(parsed as MessageContentView)
      : null;
  } catch {
    return null;
  }
}

/** "41.39° N, 2.17° E": as many decimals as the place has, at most six. */
export function formatCoordinates(place: Place, format: (n: number) => string): string {
  const side = (value: number, positive: string, negative: string) =>
    `${format(Math.abs(value))}° ${value < 0 ? negative : positive}`;
  return `${side(place.lat, 'N', 'S')}, ${side(place.lng, 'E', 'W')}`;
}

/** Kilometres between two points on the Earth (haversine, mean radius). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type MapsApp = 'apple' | 'geo' | 'osm';

/** Which maps a device opens: Apple Maps on iPhone and iPad, the `geo:` chooser on Android,
 * OpenStreetMap elsewhere. */
export function mapsAppFor(userAgent: string, touchPoints = 0): MapsApp {
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1)) {
    return 'apple';
  }
  if (/Android/.test(userAgent)) return 'geo';
  return 'osm';
}

/** The address that opens the place in `app`. */
export function mapsHref(place: Place, app: MapsApp): string {
  const { lat, lng } = place;
  const label = place.name ? encodeURIComponent(place.name) : '';
  switch (app) {
    case 'apple':
      return `https://maps.apple.com/?ll=${lat},${lng}${label ? `&q=${label}` : ''}`;
    case 'geo':
      return `geo:${lat},${lng}?q=${lat},${lng}${label ? `(${label})` : ''}`;
    default:
      return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
  }
}
