import { initI18n, setLanguage, t } from '../../i18n';
import { NoPosition, askPosition, distanceText } from './geolocation';

function geolocationAnswering(answer: {
  coords?: { latitude: number; longitude: number };
  code?: number;
}) {
  return {
    getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
      if (answer.coords) ok({ coords: answer.coords } as GeolocationPosition);
      else fail({ code: answer.code ?? 2, PERMISSION_DENIED: 1 } as GeolocationPositionError);
    },
  } as unknown as Geolocation;
}

describe('sharing my area', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('says "less than 5 km" at the least distance, and whole km beyond', async () => {
    await setLanguage('en');
    expect(distanceText(5, t, 'en')).toBe('less than 5 km');
    expect(distanceText(12, t, 'en')).toBe('12 km');
    expect(distanceText(9712, t, 'en')).toBe('9,712 km');
    await setLanguage('ja');
    expect(distanceText(5, t, 'ja')).toBe('5 km 未満');
    await setLanguage('en');
  });

  it('gives the position, or why there is none', async () => {
    await expect(
      askPosition(geolocationAnswering({ coords: { latitude: 34.69, longitude: 135.5 } })),
    ).resolves.toEqual({ lat: 34.69, lng: 135.5 });
    await expect(askPosition(geolocationAnswering({ code: 1 }))).rejects.toEqual(
      new NoPosition('denied'),
    );
    const timedOut = await askPosition(geolocationAnswering({ code: 3 })).catch(
      (e: NoPosition) => e,
    );
    expect(timedOut).toBeInstanceOf(NoPosition);
    expect((timedOut as NoPosition).reason).toBe('unavailable');
    const none = await askPosition(undefined as unknown as Geolocation).catch((e: NoPosition) => e);
    expect((none as NoPosition).reason).toBe('unsupported');
  });
});
