// Paging of the console's lists: `pageNum` from 1, `pageSize` rows, `{rows, total}` answers.

/** Rows per page in the console's lists. */
export const STAFF_PAGE_SIZE = 20;

/** The most a queue's total counts (the server's `db::COUNTED`): at it, there may be more. */
export const COUNTED = 10_000;

/** The next pageNum while fewer rows than `total` have arrived (or the total counted no further). */
export function nextPage(
  last: { rows: readonly unknown[]; total: number },
  pages: readonly { rows: readonly unknown[] }[],
  lastPageNum: number,
): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
  return last.rows.length > 0 && (loaded < last.total || last.total >= COUNTED)
    ? lastPageNum + 1
    : undefined;
}
