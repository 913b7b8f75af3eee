// Changes to a dynamic that every cached feed, profile preview and detail should show at once
// (a like, an edit, a new comment count), and dynamics leaving them (deleted, author blocked).
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { feedKeys } from './keys';
import type { Dynamic, FeedPage } from './types';

export type FeedPages = InfiniteData<FeedPage, number | null>;

function mapFeedPages(
  data: FeedPages | undefined,
  fn: (rows: Dynamic[]) => Dynamic[],
): FeedPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, rows: fn(page.rows) })) };
}

function mapPage(data: FeedPage | undefined, fn: (rows: Dynamic[]) => Dynamic[]) {
  return data && { ...data, rows: fn(data.rows) };
}

function everyFeed(client: QueryClient, fn: (rows: Dynamic[]) => Dynamic[]): void {
  client.setQueriesData<FeedPages>({ queryKey: feedKeys.lists() }, (d) => mapFeedPages(d, fn));
  client.setQueriesData<FeedPage>({ queryKey: feedKeys.latests() }, (d) => mapPage(d, fn));
}

/** Applies a change to a dynamic wherever it is cached. */
export function patchDynamic(
  client: QueryClient,
  id: number,
  patch: (d: Dynamic) => Dynamic,
): void {
  everyFeed(client, (rows) => rows.map((d) => (d.id === id ? patch(d) : d)));
  client.setQueryData<Dynamic>(feedKeys.dynamic(id), (d) => d && patch(d));
}

/** Puts the server's copy of a dynamic wherever it is cached. */
export function storeDynamic(client: QueryClient, dynamic: Dynamic): void {
  patchDynamic(client, dynamic.id, () => dynamic);
}

/** Takes dynamics out of every cached feed (deleted ones, or all of a blocked person's). */
export function removeDynamics(client: QueryClient, gone: (d: Dynamic) => boolean): void {
  everyFeed(client, (rows) => rows.filter((d) => !gone(d)));
}

/** Puts my new dynamic first in the everyone feed and in mine, where they are cached. */
export function prependDynamic(client: QueryClient, dynamic: Dynamic): void {
  const add = (data: FeedPages | undefined): FeedPages | undefined => {
    if (!data || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    if (!first || first.rows.some((d) => d.id === dynamic.id)) return data;
    return { ...data, pages: [{ ...first, rows: [dynamic, ...first.rows] }, ...rest] };
  };
  client.setQueryData<FeedPages>(feedKeys.list(null), add);
  client.setQueryData<FeedPages>(feedKeys.list(dynamic.userId), add);
  client.setQueryData<Dynamic>(feedKeys.dynamic(dynamic.id), dynamic);
}

/** Every dynamic of the cached pages, each once (a page boundary may repeat one). */
export function feedRows(data: { pages: readonly FeedPage[] } | undefined): Dynamic[] {
  const seen = new Set<number>();
  const rows: Dynamic[] = [];
  for (const page of data?.pages ?? []) {
    for (const d of page.rows) {
      if (seen.has(d.id)) continue;
      seen.add(d.id);
      rows.push(d);
    }
  }
  return rows;
}
