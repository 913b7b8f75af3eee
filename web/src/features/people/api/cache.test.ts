import { QueryClient } from '@tanstack/react-query';
import { type CardPages, patchPerson, removePerson } from './cache';
import { peopleKeys } from './keys';
import { ApiError } from '../../../lib/request';
import { PEOPLE_COUNTED, isStaleList, nextPageToken } from './paging';
import type { Card, PeoplePage, Profile } from './types';
import { DEFAULT_FILTERS } from '../filters';
import { testCard as card } from './test-card';

/** Pages as a scroll loaded them: each names the next by its token, the last names none. */
const pages = (...rows: Card[][]): CardPages => ({
  pages: rows.map((r, i) => ({
    rows: r,
    total: 3,
    nextPageToken: i + 1 < rows.length ? `page-${i + 2}` : null,
  })),
  pageParams: rows.map((_, i) => (i === 0 ? undefined : `page-${i + 1}`)),
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
    expect(data?.pages.map((p) => p.total)).toEqual([2, 2]);
    // The scroll goes on from where it was.
    expect(data?.pages[0]?.nextPageToken).toBe('page-2');
  });

  it('still counts "1,000+" after taking one person out of a list counted no further', () => {
    const client = new QueryClient();
    const likeTo = peopleKeys.list('likeTo');
    client.setQueryData<CardPages>(likeTo, {
      pages: [
        { rows: [card(1, 'Aoi'), card(2, 'Mei')], total: PEOPLE_COUNTED, nextPageToken: 'x' },
      ],
      pageParams: [undefined],
    });

    removePerson(client, 2);

    expect(client.getQueryData<CardPages>(likeTo)?.pages[0]?.total).toBe(PEOPLE_COUNTED);
  });
});

describe('paging', () => {
  const page = (nextPageToken: string | null): PeoplePage => ({
    rows: [card(1, 'a')],
    total: 3,
    nextPageToken,
  });

  it('asks for the page the server named next, and for none once it names none', () => {
    expect(nextPageToken(page('page-2'))).toBe('page-2');
    expect(nextPageToken(page(null))).toBeUndefined();
  });

  it('starts a list again when the server says it has changed, and only then', () => {
    expect(isStaleList(new ApiError(400, 'This list has changed: please refresh it'))).toBe(true);
    expect(isStaleList(new ApiError(0, 'offline'))).toBe(false);
    expect(isStaleList(new ApiError(403, 'Upgrade', { upgrade: true }))).toBe(false);
    expect(isStaleList(null)).toBe(false);
  });
});
