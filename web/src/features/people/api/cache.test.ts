import { QueryClient } from '@tanstack/react-query';
import { type CardPages, patchPerson, removePerson } from './cache';
import { peopleKeys } from './keys';
import { nextPageParam } from './paging';
import type { Card, Profile } from './types';
import { DEFAULT_FILTERS } from '../filters';

function card(userId: number, userName: string): Card {
  return {
    userId,
    userName,
    remark: null,
    gender: 'female',
    age: 30,
    country: 'Japan',
    language: 'ja',
    online: false,
    liked: false,
    service: false,
    active: 'recently',
    emUser: `u${userId}`,
  };
}

const pages = (...rows: Card[][]): CardPages => ({
  pages: rows.map((r) => ({ rows: r, total: 3 })),
  pageParams: rows.map((_, i) => i + 1),
});

describe('the people cache', () => {
  it('shows a new remark in discover, in every list and on the profile at once', () => {
    const client = new QueryClient();
    const discover = peopleKeys.discoverWith(DEFAULT_FILTERS);
    client.setQueryData(discover, pages([card(1, 'Aoi'), card(2, 'Mei')], [card(3, 'Rin')]));
    client.setQueryData(peopleKeys.list('likeTo'), pages([card(2, 'Mei')]));
    client.setQueryData<Profile>(peopleKeys.profile(2), {
      ...card(2, 'Mei'),
      liked: false,
      mutual: false,
      contact: false,
      mine: false,
    });

    patchPerson(client, 2, { remark: 'Mei from Osaka' });

    const remarkOf = (data: CardPages | undefined) =>
      data?.pages.flatMap((p) => p.rows).find((c) => c.userId === 2)?.remark;
    expect(remarkOf(client.getQueryData(discover))).toBe('Mei from Osaka');
    expect(remarkOf(client.getQueryData(peopleKeys.list('likeTo')))).toBe('Mei from Osaka');
    expect(client.getQueryData<Profile>(peopleKeys.profile(2))?.remark).toBe('Mei from Osaka');
  });

  it('takes a blocked person out of every list and counts one fewer', () => {
    const client = new QueryClient();
    const discover = peopleKeys.discoverWith(DEFAULT_FILTERS);
    client.setQueryData(discover, pages([card(1, 'Aoi'), card(2, 'Mei')], [card(3, 'Rin')]));

    removePerson(client, 2);

    const data = client.getQueryData<CardPages>(discover);
    expect(data?.pages.flatMap((p) => p.rows).map((c) => c.userName)).toEqual(['Aoi', 'Rin']);
    expect(data?.pages[0]?.total).toBe(2);
  });
});

describe('paging', () => {
  it('asks for the next page until every row has arrived', () => {
    const first = { rows: [card(1, 'a'), card(2, 'b')], total: 3 };
    expect(nextPageParam(first, [first], 1)).toBe(2);
    const second = { rows: [card(3, 'c')], total: 3 };
    expect(nextPageParam(second, [first, second], 2)).toBeUndefined();
    const empty = { rows: [], total: 5 };
    expect(nextPageParam(empty, [first, empty], 2)).toBeUndefined();
  });
});
