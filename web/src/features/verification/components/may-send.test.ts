import { describe, expect, it } from 'vitest';
import { maySend } from './VerifyPhotos';

const at = (iso: string) => new Date(iso).getTime();

describe('maySend', () => {
  it('lets someone never verified, or whose photo changed, send a selfie', () => {
    expect(maySend({ state: 'none' })).toBe(true);
    expect(maySend({ state: 'changed' })).toBe(true);
  });
  it('waits while a selfie is reviewed, and once verified', () => {
    expect(maySend({ state: 'pending' })).toBe(false);
    expect(maySend({ state: 'verified' })).toBe(false);
  });
  it('after a refusal, waits until the time the server gave', () => {
    const refused = {
      state: 'rejected' as const,
      reason: 'pose' as const,
      retryAt: '2026-11-29T12:00:00Z',
    };
    expect(maySend(refused, at('2026-11-29T11:59:00Z'))).toBe(false);
    expect(maySend(refused, at('2026-11-29T12:00:00Z'))).toBe(true);
  });
});
