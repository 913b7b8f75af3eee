import { describe, expect, it } from 'vitest';
import { formatCounted } from '../../../i18n/format';
import { COUNTED, nextPage } from './paging';

describe('a queue counted up to its cap', () => {
  it('reads "10,000+" once the total is counted no further', () => {
    expect(formatCounted(9_999, COUNTED)).toBe('9,999');
    expect(formatCounted(COUNTED, COUNTED)).toBe('10,000+');
  });

  it('pages on past a capped total, and stops at an exact one', () => {
    const page = { rows: Array.from({ length: 20 }, (_, i) => i), total: 0 };
    const loaded = (n: number) => Array.from({ length: n }, () => page);
    expect(nextPage({ ...page, total: COUNTED }, loaded(500), 500)).toBe(501);
    expect(nextPage({ ...page, total: 40 }, loaded(2), 2)).toBeUndefined();
    expect(nextPage({ ...page, total: 41 }, loaded(2), 2)).toBe(3);
  });
});
