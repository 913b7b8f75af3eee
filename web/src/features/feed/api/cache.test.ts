import { QueryClient } from '@tanstack/react-query';
import { type FeedPages, feedRows, patchDynamic, prependDynamic, removeDynamics } from './cache';
import { nextPageNum } from './comments';
import { feedKeys } from './keys';
import type { Dynamic, FeedPage } from './types';

function dynamic(id: number, userId: number, extra: Partial<Dynamic> = {}): Dynamic {
  return {
    id,
    userId,
    userName: `u${userId}`,
    content: `post ${id}`,
    images: [],
    likes: 0,
    liked: false,
    comments: 0,
    mine: false,
    createdAt: '2026-11-25 08:00:00',
    gender: 'female',
    country: 'Japan',
    language: 'en',
    age: 27,
    ...extra,
  };
}

const pages = (...rows: Dynamic[][]): FeedPages => ({
  pages: rows.map((r, i) => ({ rows: r, next: i < rows.length - 1 ? 100 : null })),
  pageParams: rows.map((_, i) => (i === 0 ? null : 100)),
});

describe('the feed cache', () => {
  it('shows a like in every feed, on the profile and on the detail at once', () => {
    const client = new QueryClient();
    client.setQueryData(feedKeys.list(null), pages([dynamic(1, 3), dynamic(2, 4)]));
    client.setQueryData(feedKeys.list(3), pages([dynamic(1, 3)]));
    client.setQueryData<FeedPage>(feedKeys.latest(3), { rows: [dynamic(1, 3)], next: null });
    client.setQueryData(feedKeys.dynamic(1), dynamic(1, 3));

    patchDynamic(client, 1, (d) => ({ ...d, liked: true, likes: 1 }));

    const everyone = client.getQueryData<FeedPages>(feedKeys.list(null));
    expect(feedRows(everyone).map((d) => [d.id, d.likes])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    expect(feedRows(client.getQueryData<FeedPages>(feedKeys.list(3)))[0]?.liked).toBe(true);
    expect(client.getQueryData<FeedPage>(feedKeys.latest(3))?.rows[0]?.likes).toBe(1);
    expect(client.getQueryData<Dynamic>(feedKeys.dynamic(1))?.liked).toBe(true);
  });

  it("takes a blocked person's dynamics out of every feed", () => {
    const client = new QueryClient();
    client.setQueryData(
      feedKeys.list(null),
      pages([dynamic(1, 3), dynamic(2, 4)], [dynamic(3, 3)]),
    );
    removeDynamics(client, (d) => d.userId === 3);
    expect(feedRows(client.getQueryData<FeedPages>(feedKeys.list(null))).map((d) => d.id)).toEqual([
      2,
    ]);
  });

  it('puts my new dynamic first, once, in the everyone feed and in mine', () => {
    const client = new QueryClient();
    client.setQueryData(feedKeys.list(null), pages([dynamic(1, 3)]));
    client.setQueryData(feedKeys.list(7), pages([dynamic(2, 7)]));
    const mine = dynamic(9, 7, { mine: true });
    prependDynamic(client, mine);
    prependDynamic(client, mine);
    expect(feedRows(client.getQueryData<FeedPages>(feedKeys.list(null))).map((d) => d.id)).toEqual([
      9, 1,
    ]);
    expect(feedRows(client.getQueryData<FeedPages>(feedKeys.list(7))).map((d) => d.id)).toEqual([
      9, 2,
    ]);
  });

  it('lists a dynamic once when two pages both carry it', () => {
    expect(
      feedRows(pages([dynamic(1, 3), dynamic(2, 3)], [dynamic(2, 3)])).map((d) => d.id),
    ).toEqual([1, 2]);
  });
});

describe('comment paging', () => {
  it('asks for another page until every comment has arrived', () => {
    const page = (n: number, total: number) => ({
      rows: Array.from({ length: n }, () => ({})),
      total,
    });
    expect(nextPageNum(page(20, 30) as never, [page(20, 30)] as never, 1)).toBe(2);
    expect(
      nextPageNum(page(10, 30) as never, [page(20, 30), page(10, 30)] as never, 2),
    ).toBeUndefined();
    expect(nextPageNum(page(0, 30) as never, [page(0, 30)] as never, 1)).toBeUndefined();
  });
});
