import type { SoftwareVersion } from './api/types';
import { CHECK_EVERY_MS, checkIsFresh, shouldPrompt, updateOffer } from './update-offer';

function version(v: string, extra: Partial<SoftwareVersion> = {}): SoftwareVersion {
  return {
    id: 1,
    version: v,
    platform: 'web',
    notes: `Notes of ${v}`,
    url: null,
    mandatory: false,
    releasedAt: '2026-11-25 08:00:00',
    ...extra,
  };
}

describe('the update on offer', () => {
  it('is the newest web version above this build', () => {
    const offer = updateOffer(
      [version('1.0.17'), version('1.0.18'), version('2.0.0', { platform: 'android' })],
      '1.0.16',
    );
    expect(offer?.latest.version).toBe('1.0.18');
    expect(offer?.newer.map((v) => v.version)).toEqual(['1.0.18', '1.0.17']);
    expect(offer?.mandatory).toBe(false);
  });

  it('is nothing when this build is as new as every web version', () => {
    expect(updateOffer([version('1.0.16'), version('1.0.9')], '1.0.16')).toBeNull();
    expect(updateOffer([version('9.0.0', { platform: 'ios' })], '1.0.16')).toBeNull();
    expect(updateOffer([], '1.0.16')).toBeNull();
  });

  it('is mandatory when any newer version is, even an older one than the newest', () => {
    const offer = updateOffer(
      [version('1.0.18'), version('1.0.17', { mandatory: true }), version('1.0.10')],
      '1.0.16',
    );
    expect(offer?.mandatory).toBe(true);
    expect(offer?.latest.version).toBe('1.0.18');
  });

  it('is not mandatory for a mandatory version this build already has', () => {
    const offer = updateOffer(
      [version('1.0.17'), version('1.0.16', { mandatory: true })],
      '1.0.16',
    );
    expect(offer?.mandatory).toBe(false);
  });
});

describe('the update prompt', () => {
  const offer = updateOffer([version('1.0.17')], '1.0.16');
  const required = updateOffer([version('1.0.17', { mandatory: true })], '1.0.16');

  it('shows until Later is chosen for that version, and again for a newer one', () => {
    expect(shouldPrompt(offer, [])).toBe(true);
    expect(shouldPrompt(offer, ['1.0.17'])).toBe(false);
    const newer = updateOffer([version('1.0.18'), version('1.0.17')], '1.0.16');
    expect(shouldPrompt(newer, ['1.0.17'])).toBe(true);
  });

  it('cannot be put off for a mandatory update', () => {
    expect(shouldPrompt(required, ['1.0.17'])).toBe(true);
  });

  it('does not show without an update', () => {
    expect(shouldPrompt(null, [])).toBe(false);
  });
});

describe('the version check', () => {
  it('is made at most once an hour', () => {
    const now = 10 * CHECK_EVERY_MS;
    expect(checkIsFresh(now - 1000, now)).toBe(true);
    expect(checkIsFresh(now - CHECK_EVERY_MS, now)).toBe(false);
    expect(checkIsFresh(undefined, now)).toBe(false);
    // A clock set back makes the stored check stale rather than fresh for ever.
    expect(checkIsFresh(now + 5000, now)).toBe(false);
  });
});
