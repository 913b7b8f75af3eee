// Paging of the people lists: which page comes next.
import type { Page } from './types';

/** The next pageNum while fewer rows than `total` have arrived; none after an empty page. */
export function nextPageParam<T>(
  last: Page<T>,
  pages: readonly Page<T>[],
  lastPageNum: number,
): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
  return last.rows.length > 0 && loaded < last.total ? lastPageNum + 1 : undefined;
}
