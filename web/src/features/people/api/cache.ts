// Changes to one person that every cached list and profile should show at once, without asking
// the server again (a non-member's discover pages count against the daily allowance).
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { peopleKeys } from './keys';
import type { Card, Page, Profile } from './types';

export type CardPages = InfiniteData<Page<Card>, number>;

function mapRows(data: CardPages | undefined, fn: (rows: Card[]) => Card[]): CardPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const rows = fn(page.rows);
      return { rows, total: Math.max(0, page.total - (page.rows.length - rows.length)) };
    }),
  };
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
