// The browser's position, asked for only when the person taps to share their area.

export type Position = { lat: number; lng: number };

/** Why no position came: refused, not found in time, or no way to ask on this browser. */
export type PositionFailure = 'denied' | 'unavailable' | 'unsupported';

export class NoPosition extends Error {
  readonly reason: PositionFailure;
  constructor(reason: PositionFailure) {
    super(reason);
    this.reason = reason;
  }
}

/** The device's position, coarse is enough; rejects with `NoPosition`. */
export function askPosition(geolocation = globalThis.navigator?.geolocation): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new NoPosition('unsupported'));
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      (error) =>
        reject(new NoPosition(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable')),
      { enableHighAccuracy: false, maximumAge: 600_000, timeout: 15_000 },
    );
  });
}

/** How far someone is, as a card says it: "less than 5 km" at 5, else whole km. */
export function distanceText(
  km: number,
  t: (key: 'nearby.lessThan5' | 'nearby.km', options?: { km: string }) => string,
  lang?: string,
): string {
  if (km <= 5) return t('nearby.lessThan5');
  return t('nearby.km', { km: new Intl.NumberFormat(lang).format(km) });
}
