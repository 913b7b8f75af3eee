import { isMember } from './membership';

describe('membership', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('is running while the expiry is ahead', () => {
    const level = 'VIP';
    expect(isMember({ level, memberExpiresAt: '2026-12-01T00:00:00Z' }, now)).toBe(true);
    expect(isMember({ level, memberExpiresAt: '2026-11-01T00:00:00Z' }, now)).toBe(false);
    expect(isMember({ level: null, memberExpiresAt: null }, now)).toBe(false);
    expect(isMember(undefined, now)).toBe(false);
  });
});
