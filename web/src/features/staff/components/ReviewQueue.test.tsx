import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { request } from '../../../lib/request';
import type { ReviewQueue as Queue } from '../api/types';
import { ReviewQueue } from './ReviewQueue';

vi.mock('../../../lib/request', async (original) => ({
  ...(await original<typeof import('../../../lib/request')>()),
  request: vi.fn(),
}));
const mocked = request as unknown as ReturnType<typeof vi.fn>;

const queue: Queue = {
  photos: [1, 2].map((id) => ({
    id,
    userId: 10 + id,
    userName: `Aiko${id}`,
    url: `/media/p${id}.jpg`,
    thumb: `/media/p${id}-t.jpg`,
    isOpen: true,
    createdAt: '2026-11-25T08:00:00Z',
  })),
  dynamics: [
    {
      id: 5,
      userId: 20,
      userName: 'Ben',
      content: 'Cheap watches',
      images: [],
      flags: 2,
      reasons: ['spam', 'spam'],
      createdAt: '2026-11-25T08:00:00Z',
    },
  ],
  messages: [],
  payments: [],
  counts: { photos: 2, dynamics: 1, messages: 0, payments: 0 },
};

function renderQueue() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  mocked.mockImplementation(({ url }: { url: string }) =>
    url === '/admin/review' ? Promise.resolve(structuredClone(queue)) : Promise.resolve(null),
  );
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReviewQueue />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

// Without a loaded language, t() answers the key.
describe('the review queue from the keyboard', () => {
  afterEach(() => mocked.mockReset());

  it('moves with j and k, approves with a, and hands focus to the next item', async () => {
    renderQueue();
    const [first, second] = await screen.findAllByTestId('review-photo');
    if (!first || !second) throw new Error('two photos wait');
    expect(first.tabIndex).toBe(0);
    expect(second.tabIndex).toBe(-1);

    first.focus();
    fireEvent.keyDown(first, { key: 'j' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'k' });
    expect(document.activeElement).toBe(first);

    fireEvent.keyDown(first, { key: 'a' });
    await waitFor(() => expect(screen.getAllByTestId('review-photo')).toHaveLength(1));
    expect(mocked).toHaveBeenCalledWith(
      expect.objectContaining({
        url: '/admin/review/photo/1',
        method: 'POST',
        data: { decision: 'approve' },
      }),
    );
    expect(document.activeElement).toBe(screen.getByTestId('review-photo'));
  });

  it('rejects with r, across the sections, and ignores keys typed elsewhere', async () => {
    renderQueue();
    const dynamic = await screen.findByTestId('review-dynamic');
    dynamic.focus();
    fireEvent.keyDown(dynamic, { key: 'r', ctrlKey: true });
    expect(mocked).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(dynamic, { key: 'r' });
    await waitFor(() => expect(screen.queryByTestId('review-dynamic')).toBeNull());
    expect(mocked).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/admin/review/dynamic/5', data: { decision: 'reject' } }),
    );
    // The last item left: focus goes to the one before it.
    expect(document.activeElement).toBe(screen.getAllByTestId('review-photo')[1]);
  });
});
