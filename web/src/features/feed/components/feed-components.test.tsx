import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, createRef } from 'react';
import { MemoryRouter } from 'react-router';
import { api } from '../../../lib/api';
import { feedKeys } from '../api/keys';
import type { Comment, Dynamic } from '../api/types';
import { CommentComposer } from './CommentComposer';
import { CommentThread } from './Comments';
import { DynamicCard } from './DynamicCard';

vi.mock('../../../lib/api', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
const mocked = api as unknown as Record<'get' | 'post', ReturnType<typeof vi.fn>>;

// Without a loaded language, t() answers the key: the assertions name the strings by key.
function wrap(client: QueryClient, children: ReactNode) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const post: Dynamic = {
  id: 12,
  userId: 3,
  userName: 'Mia',
  content: 'Matcha time',
  images: [],
  likes: 4,
  liked: false,
  comments: 1,
  mine: false,
  createdAt: '2026-11-25 08:00:00',
  gender: 'female',
  country: 'Japan',
  age: 27,
  language: 'en',
};

function comment(id: number, extra: Partial<Comment> = {}): Comment {
  return {
    id,
    dynamicId: 12,
    userId: 9,
    userName: 'Ken',
    content: `comment ${id}`,
    language: 'en',
    createdAt: '2026-11-25 08:00:00',
    mine: false,
    subCount: 0,
    subs: [],
    ...extra,
  };
}

/** The card as the feed shows it: read from the cache the heart writes to. */
function CachedCard({ client }: { client: QueryClient }) {
  const d = client.getQueryData<Dynamic>(feedKeys.dynamic(12)) ?? post;
  return <DynamicCard dynamic={d} onMore={() => {}} onOpenPhoto={() => {}} full />;
}

afterEach(() => vi.clearAllMocks());

describe('the heart on a dynamic', () => {
  it('counts my like at once, and takes it back when the server refuses', async () => {
    const client = new QueryClient();
    client.setQueryData(feedKeys.dynamic(12), post);
    let fail: (e: Error) => void = () => {};
    mocked.get.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    const view = render(wrap(client, <CachedCard client={client} />));
    const rerender = () => view.rerender(wrap(client, <CachedCard client={client} />));

    fireEvent.click(screen.getByTestId('dynamic-like'));
    rerender();
    expect(screen.getByTestId('dynamic-like').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('dynamic-like').textContent).toBe('5');
    await waitFor(() =>
      expect(mocked.get).toHaveBeenCalledWith('/system/dynamic/like', { query: { id: 12 } }),
    );

    await act(async () => fail(new Error('offline')));
    rerender();
    await waitFor(() =>
      expect(screen.getByTestId('dynamic-like').getAttribute('aria-pressed')).toBe('false'),
    );
    expect(screen.getByTestId('dynamic-like').textContent).toBe('4');
  });
});

describe('replies', () => {
  it('shows the first replies and loads the rest on request', async () => {
    const client = new QueryClient();
    const top = comment(1, {
      subCount: 4,
      subs: [comment(2, { parentId: 1 }), comment(3, { parentId: 1 })],
    });
    mocked.get.mockResolvedValueOnce({
      rows: [2, 3, 4, 5].map((id) => comment(id, { parentId: 1 })),
      total: 4,
    });
    render(wrap(client, <CommentThread comment={top} onReply={() => {}} onDelete={() => {}} />));
    expect(screen.getAllByTestId('comment')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'feed.moreReplies' }));
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(5));
    expect(mocked.get).toHaveBeenCalledWith('/system/comment/subList', {
      query: { commentId: 1, pageNum: 1, pageSize: 20 },
      signal: expect.anything(),
    });
    expect(screen.queryByRole('button', { name: 'feed.moreReplies' })).toBeNull();
  });

  it('answers a reply under its comment, naming whom it answers', async () => {
    const client = new QueryClient();
    mocked.post.mockResolvedValueOnce(comment(9, { parentId: 1 }));
    const onCancelReply = vi.fn();
    render(
      wrap(
        client,
        <CommentComposer
          dynamicId={12}
          replyTo={{ parentId: 1, replyToUserId: 4, name: 'Ken' }}
          onCancelReply={onCancelReply}
          inputRef={createRef()}
        />,
      ),
    );
    expect(screen.getByTestId('reply-chip').textContent).toContain('feed.replyingTo');
    const input = screen.getByTestId('comment-input');
    fireEvent.change(input, { target: { value: '  See you there  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onCancelReply).toHaveBeenCalled());
    expect(mocked.post).toHaveBeenCalledWith('/system/comment/add', {
      body: { dynamicId: 12, content: 'See you there', parentId: 1, replyToUserId: 4 },
    });
    expect((input as HTMLTextAreaElement).value).toBe('');
  });
});
