// Changes to one person that every cached list and profile should show at once, without asking
// the server again (a non-member's discover pages count against the daily allowance).
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { peopleKeys } from './keys';
import { PEOPLE_COUNTED, type PageToken } from './paging';
import type { Card, PeoplePage, Profile } from './types';

export type CardPages = InfiniteData<PeoplePage, PageToken>;

const rowCount = (pages: readonly PeoplePage[]) => pages.reduce((n, p) => n + p.rows.length, 0);

/** The cached pages with `fn` applied to their rows; each page's total counts those taken out. */
function mapRows(data: CardPages | undefined, fn: (rows: Card[]) => Card[]): CardPages | undefined {
  if (!data) return data;
  const pages = data.pages.map((page) => ({ ...page, rows: fn(page.rows) }));
  const removed = rowCount(data.pages) - rowCount(pages);
  // A total at the cap says "at least": one fewer may still be as many.
  const total = (n: number) => (n >= PEOPLE_COUNTED ? n : Math.max(0, n - removed));
  return { ...data, pages: pages.map((page) => ({ ...page, total: total(page.total) })) };
}

function everyCardList(client: QueryClient, fn: (rows: Card[]) => Card[]): void {
  for (const queryKey of [peopleKeys.discover(), peopleKeys.lists()]) {
    client.setQueriesData<CardPages>({ queryKey }, (data) => mapRows(data, fn));
  }
}

/** Updates a person's card wherever it is cached (a new remark, say). */
export function patchPerson(client: QueryClient, userId: number, patch: Partial<Card>): void {
  everyCardList(client, (rows) => rows.map((c) => (c.userId === userId ? { ...c, ...patch } : c)));
  client.setQueryData<Profile>(peopleKeys.profile(userId), (p) => p && { ...p, ...patch });
}

/** Takes a person out of every cached list (after blocking them). */
export function removePerson(client: QueryClient, userId: number): void {
  everyCardList(client, (rows) => rows.filter((c) => c.userId !== userId));
}
