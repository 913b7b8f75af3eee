import { describe, expect, it } from 'vitest';
import { parseShareTarget } from './target';

describe('parseShareTarget', () => {
  it('reads a partner or a group', () => {
    expect(parseShareTarget('{"userId":7,"userName":"Ana"}')).toEqual({ userId: 7 });
    expect(parseShareTarget('{"groupId":12}')).toEqual({ groupId: 12 });
  });

  it('refuses anything else', () => {
    for (const raw of [
      null,
      '',
      'nope',
      '{}',
      '{"groupId":0}',
      '{"groupId":-3}',
      '{"userId":"x"}',
    ]) {
      expect(parseShareTarget(raw)).toBeNull();
    }
  });
});
