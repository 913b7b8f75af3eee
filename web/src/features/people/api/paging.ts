// Paging of discover and the people lists by token: each page names the page after it
// (`nextPageToken`, given back as `pageToken`), so scrolling never shows anyone twice nor skips
// anyone, even while people become active between two pages.
import { ApiError } from '../../../lib/request';
import type { PeoplePage } from './types';

/** The most a list's total counts (the server's `PEOPLE_COUNTED`): at it, there may be more. */
export const PEOPLE_COUNTED = 1_000;

/** The token of the page to ask for; the first page goes without one. */
export type PageToken = string | undefined;

/** The first page of a scroll: no token. */
export const FIRST_PAGE: PageToken = undefined;

/** The page after `last`, as the server named it; none when nothing comes after it. */
export function nextPageToken(last: PeoplePage): PageToken {
  return last.nextPageToken ?? undefined;
}

/** How many people the list holds, counted up to PEOPLE_COUNTED; unknown before a page arrives. */
export function peopleTotal(data: { pages: readonly PeoplePage[] } | undefined): number | null {
  return data?.pages[0]?.total ?? null;
}

/**
 * A later page refused because the list it continues is not the one the token was made for
 * ('This list has changed: please refresh it', in the reader's language). The first page took
 * the same filters, so a 400 on a later page can only be its token: the list starts again.
 */
export function isStaleList(error: unknown): boolean {
  return error instanceof ApiError && error.code === 400;
}
