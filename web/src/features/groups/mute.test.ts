import { muteOf } from './mute';

const now = Date.parse('2026-11-29T12:00:00Z');

describe('a group muted for me', () => {
  it('is not muted without a date, or once the date has passed', () => {
    expect(muteOf(null, now)).toEqual({ muted: false });
    expect(muteOf('2026-11-29T11:59:00Z', now)).toEqual({ muted: false });
    expect(muteOf('not a date', now)).toEqual({ muted: false });
  });

  it('is muted until a date, or always', () => {
    expect(muteOf('2026-11-29T20:00:00Z', now)).toMatchObject({ muted: true, always: false });
    expect(muteOf('9999-12-31T23:59:59Z', now)).toMatchObject({ muted: true, always: true });
  });
});
