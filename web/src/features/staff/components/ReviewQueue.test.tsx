import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
  verifications: [],
  appeals: [],
  counts: { photos: 2, dynamics: 1, messages: 0, payments: 0, verifications: 0, appeals: 0 },
};

/** The queue with a verification selfie waiting too. */
const withSelfie: Queue = {
  ...queue,
  verifications: [
    {
      id: 7,
      userId: 30,
      userName: 'Mia',
      pose: 'thumbs_up',
      poseImage: 'data:image/svg+xml;base64,PHN2Zy8+',
      selfie: '/media/verification/s.jpg?exp=1&sig=ab',
      avatar: '/media/avatars/m.jpg',
      createdAt: '2026-11-25T08:00:00Z',
    },
  ],
  counts: { ...queue.counts, verifications: 1 },
};

function renderQueue(answer: Queue = queue) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  mocked.mockImplementation(({ url }: { url: string }) =>
    url === '/admin/review' ? Promise.resolve(structuredClone(answer)) : Promise.resolve(null),
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

  it('takes down with r and a reason, across the sections, and ignores keys typed elsewhere', async () => {
    renderQueue();
    const dynamic = await screen.findByTestId('review-dynamic');
    expect(within(dynamic).getByRole('button', { name: 'staff.review.keep' })).toBeTruthy();
    dynamic.focus();
    fireEvent.keyDown(dynamic, { key: 'r', ctrlKey: true });
    expect(mocked).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(dynamic, { key: 'r' });
    fireEvent.click(await screen.findByLabelText('staff.review.takeDownReason.spam'));
    fireEvent.click(screen.getByTestId('take-down'));
    await waitFor(() => expect(screen.queryByTestId('review-dynamic')).toBeNull());
    expect(mocked).toHaveBeenCalledWith(
      expect.objectContaining({
        url: '/admin/review/dynamic/5',
        data: { decision: 'reject', reason: 'spam' },
      }),
    );
    // The last item left: focus goes to the one before it.
    expect(document.activeElement).toBe(screen.getAllByTestId('review-photo')[1]);
  });
});

describe('a verification selfie in the review queue', () => {
  afterEach(() => mocked.mockReset());

  it('shows the selfie beside the profile photo, and asks why before rejecting', async () => {
    renderQueue(withSelfie);
    const item = await screen.findByTestId('review-verification');
    const images = item.querySelectorAll('img');
    expect([...images].map((img) => img.getAttribute('src'))).toEqual([
      '/media/verification/s.jpg?exp=1&sig=ab',
      '/media/avatars/m.jpg',
      'data:image/svg+xml;base64,PHN2Zy8+',
    ]);
    item.focus();
    fireEvent.keyDown(item, { key: 'r' });
    expect(mocked).not.toHaveBeenCalledWith(
      expect.objectContaining({ url: '/admin/review/verification/7' }),
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'verification.reason.match' }));
    fireEvent.click(screen.getByTestId('reject-selfie'));
    await waitFor(() => expect(screen.queryByTestId('review-verification')).toBeNull());
    expect(mocked).toHaveBeenCalledWith(
      expect.objectContaining({
        url: '/admin/review/verification/7',
        method: 'POST',
        data: { decision: 'reject', reason: 'match' },
      }),
    );
  });
});

describe('a message held in the review queue', () => {
  afterEach(() => mocked.mockReset());

  it('names the person it went to, or the group it was sent to', async () => {
    const message = {
      kind: 'spam',
      reason: 'repeated',
      senderId: 40,
      senderName: 'Tom',
      text: 'Buy now',
      createdAt: '2026-11-25T08:00:00Z',
    };
    renderQueue({
      ...queue,
      messages: [
        { ...message, id: 8, recipientId: 41, recipientName: 'Ana' },
        { ...message, id: 9, recipientId: null, groupId: 3, groupName: 'Hikers' },
      ],
      counts: { ...queue.counts, messages: 2 },
    });
    const ana = await screen.findByRole('link', { name: 'Ana' });
    expect(ana.getAttribute('href')).toContain('41');
    // Without a loaded language, t() answers the key.
    expect(screen.getByTestId('review-group').textContent).toContain('staff.review.toGroup');
    expect(screen.queryByRole('link', { name: 'Hikers' })).toBeNull();
  });
});
