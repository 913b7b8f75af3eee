import { parseServerTime } from './time';
import { FOLD_CHARS, FOLD_LINES, isLongNotice } from './notice-text';

describe('an announcement', () => {
  it('folds when it has many characters or many lines', () => {
    expect(isLongNotice('Short news')).toBe(false);
    expect(isLongNotice('x'.repeat(FOLD_CHARS + 1))).toBe(true);
    expect(isLongNotice(Array.from({ length: FOLD_LINES + 1 }, () => 'line').join('\n'))).toBe(
      true,
    );
    expect(isLongNotice(Array.from({ length: FOLD_LINES }, () => 'line').join('\n'))).toBe(false);
  });
});

describe('a server time', () => {
  it('without a zone is UTC', () => {
    expect(parseServerTime('2026-11-25 08:01:02').toISOString()).toBe('2026-11-25T08:01:02.000Z');
  });

  it('with a zone keeps it', () => {
    expect(parseServerTime('2026-11-25T08:01:02+09:00').toISOString()).toBe(
      '2026-11-24T23:01:02.000Z',
    );
  });
});
