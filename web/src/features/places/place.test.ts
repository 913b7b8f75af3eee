import { describe, expect, it } from 'vitest';
import {
  distanceKm,
  formatCoordinates,
  mapsAppFor,
  mapsHref,
  placeFromParam,
  placeHref,
  placeOf,
} from './place';

describe('a shared place', () => {
  it('is read from a message, approximate unless it says otherwise', () => {
    expect(placeOf({ lat: 41.39, lng: 2.17, name: ' Plaça ' })).toEqual({
      lat: 41.39,
      lng: 2.17,
      name: 'Plaça',
      address: undefined,
      approximate: true,
    });
    expect(placeOf({ lat: 1, lng: 2, approximate: false })?.approximate).toBe(false);
    expect(placeOf({ lat: 91, lng: 0 })).toBeNull();
    expect(placeOf({ lat: '1', lng: 0 })).toBeNull();
    expect(placeOf(null)).toBeNull();
  });

  it('travels in the address of the page that shows it', () => {
    const place = { lat: -33.86, lng: 151.21, name: 'Opera House', approximate: false };
    const href = placeHref(place);
    expect(href.startsWith('/open-location?data=')).toBe(true);
    const data = new URLSearchParams(href.split('?')[1]).get('data');
    expect(placeFromParam(data)).toEqual({ ...place, address: undefined });
    expect(placeFromParam('not json')).toBeNull();
    expect(placeFromParam('"text"')).toBeNull();
    expect(placeFromParam(null)).toBeNull();
  });

  it('reads as coordinates and distances', () => {
    const format = (n: number) => n.toFixed(2);
    expect(formatCoordinates({ lat: -33.86, lng: 151.21, approximate: true }, format)).toBe(
      '33.86° S, 151.21° E',
    );
    // Madrid to Barcelona is about 505 km as the crow flies.
    const km = distanceKm({ lat: 40.4168, lng: -3.7038 }, { lat: 41.3874, lng: 2.1686 });
    expect(km).toBeGreaterThan(495);
    expect(km).toBeLessThan(515);
  });

  it("opens in the phone's own maps", () => {
    expect(mapsAppFor('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('apple');
    expect(mapsAppFor('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('apple');
    expect(mapsAppFor('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('geo');
    expect(mapsAppFor('Mozilla/5.0 (X11; Linux x86_64)')).toBe('osm');
    const place = { lat: 35.66, lng: 139.7, name: 'Hachikō', approximate: true };
    expect(mapsHref(place, 'geo')).toBe('geo:35.66,139.7?q=35.66,139.7(Hachik%C5%8D)');
    expect(mapsHref(place, 'apple')).toBe('https://maps.apple.com/?ll=35.66,139.7&q=Hachik%C5%8D');
    expect(mapsHref(place, 'osm')).toContain('mlat=35.66&mlon=139.7');
  });
});
