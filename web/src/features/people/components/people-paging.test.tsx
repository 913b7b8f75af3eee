import { InfiniteQueryObserver, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { initI18n, setLanguage } from '../../../i18n';
import { ApiError, type RequestOptions, request } from '../../../lib/request';
import { DEFAULT_FILTERS } from '../filters';
import { peopleKeys } from '../api/keys';
import { peopleListQueryOptions } from '../api/lists';
import type { Counters, PeoplePage } from '../api/types';
import { DiscoverView } from './DiscoverView';
import { PeopleCount } from './PeopleCount';
import { PeopleListView } from './PeopleListView';
import { testCard as card } from '../api/test-card';

vi.mock('../../../lib/request', async (original) => ({
  ...(await original<typeof import('../../../lib/request')>()),
  request: vi.fn(),
}));
const mocked = request as unknown as ReturnType<typeof vi.fn>;

const people = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => card(from + i));

const NO_BADGES: Counters = { LikeTo: 0, LikeMe: 0, Visitor: 0, Dynamics: 0 };

/** The server: `pages` answers each list's page by the token asked with ('' for the first). */
function serve(pages: Record<string, PeoplePage | Error>) {
  mocked.mockImplementation(async ({ url, params }: RequestOptions) => {
    if (url === '/system/user/profile/homePage/count') return NO_BADGES;
    const answer = pages[String(params?.pageToken ?? '')];
    if (answer instanceof Error) throw answer;
    if (!answer) throw new Error(`unexpected ${url} ${JSON.stringify(params)}`);
    return answer;
  });
}

/** The tokens each list request was made with, in order (undefined: the first page). */
const tokensAsked = () =>
  mocked.mock.calls
    .map(([options]) => options as RequestOptions)
    .filter((o) => o.url !== '/system/user/profile/homePage/count')
    .map((o) => o.params?.pageToken);

function show(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('paging through people', () => {
  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('en');
    mocked.mockReset();
  });
  afterAll(() => localStorage.clear());

  it('Discover says how many people there are, and goes on where the last page ended', async () => {
    serve({
      '': { rows: people(1, 20), total: 1000, nextPageToken: 'after-20' },
      'after-20': { rows: people(21, 25), total: 1000, nextPageToken: null },
    });
    show(
      <DiscoverView
        filters={DEFAULT_FILTERS}
        onChangeFilters={() => {}}
        onEditFilters={() => {}}
      />,
    );

    expect((await screen.findByTestId('people-count')).textContent).toBe('1,000+ people');
    expect(screen.getAllByTestId('person-card')).toHaveLength(20);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(screen.getAllByTestId('person-card')).toHaveLength(25));
    screen.getByText("That's everything");
    expect(tokensAsked()).toEqual([undefined, 'after-20']);
    expect(mocked.mock.calls.map(([o]) => (o as RequestOptions).params?.pageNum)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('a list that changed under its token starts again from its first page', async () => {
    serve({
      '': { rows: people(1, 20), total: 23, nextPageToken: 'after-20' },
      'after-20': new ApiError(400, 'This list has changed: please refresh it'),
    });
    show(<PeopleListView kind="likeTo" />);

    expect((await screen.findByTestId('people-count')).textContent).toBe('23 people');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const refresh = await screen.findByRole('button', { name: 'Refresh' });

    serve({
      '': { rows: people(2, 21), total: 22, nextPageToken: 'after-21' },
      'after-21': { rows: people(22, 23), total: 22, nextPageToken: null },
    });
    fireEvent.click(refresh);

    await waitFor(() => expect(screen.getByTestId('people-count').textContent).toBe('22 people'));
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('person-card')).toHaveLength(22));
    expect(tokensAsked()).toEqual([undefined, 'after-20', undefined, 'after-21']);
  });

  it('opening a list clears its badge; scrolling on leaves a new one alone', async () => {
    serve({
      '': { rows: people(1, 20), total: 30, nextPageToken: 'after-20' },
      'after-20': { rows: people(21, 30), total: 30, nextPageToken: null },
    });
    const client = new QueryClient();
    const badges = () => client.getQueryData<Counters>(peopleKeys.counters());
    client.setQueryData(peopleKeys.counters(), { ...NO_BADGES, LikeTo: 2 });
    const observer = new InfiniteQueryObserver(client, peopleListQueryOptions('likeTo'));

    await observer.refetch();
    expect(badges()?.LikeTo).toBe(0);

    client.setQueryData(peopleKeys.counters(), { ...NO_BADGES, LikeTo: 1 });
    await observer.fetchNextPage();
    expect(badges()?.LikeTo).toBe(1);
    expect(tokensAsked()).toEqual([undefined, 'after-20']);
  });

  it('reads naturally in Russian, "1 000+" included', async () => {
    await setLanguage('ru');
    const { rerender } = render(<PeopleCount total={1} />);
    expect(screen.getByTestId('people-count').textContent).toBe('1 человек');
    rerender(<PeopleCount total={22} />);
    expect(screen.getByTestId('people-count').textContent).toBe('22 человека');
    rerender(<PeopleCount total={1000} />);
    expect(screen.getByTestId('people-count').textContent).toMatch(/^1\s000\+ человек$/);
  });
});
