import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { api } from '../../../lib/api';
import { TranslateLink } from './TranslateLink';

vi.mock('../../../lib/api', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
const mocked = api as unknown as Record<'get' | 'post', ReturnType<typeof vi.fn>>;

/** The author's entry: how Spanish reaches English ('none': not at all). */
function routesTo(route: string) {
  return [
    {
      userId: 3,
      abbr: 'none',
      language: 'es',
      onArrival: false,
      route: 'none',
      routes: [{ target: 'en', route }],
    },
  ];
}

function show(language: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TranslateLink kind="dynamic" id={12} text="Buenos días" language={language} authorId={3} />
    </QueryClientProvider>,
  );
}

// Without a loaded language, t() answers the key: the assertions name the strings by key.
describe('the Translate link under a text people read', () => {
  beforeEach(() => {
    mocked.get.mockReset();
    mocked.post.mockReset();
  });

  it('translates a text in another language and shows it under the original', async () => {
    mocked.get.mockResolvedValue(routesTo('apertium'));
    mocked.post.mockResolvedValue({ kind: 'dynamic', id: 12, text: 'Good morning' });
    show('es');
    fireEvent.click(await screen.findByRole('button', { name: 'translate.translate' }));
    expect(await screen.findByText('Good morning')).toBeTruthy();
    expect(mocked.post).toHaveBeenCalledWith('/system/content/tranText', {
      query: { kind: 'dynamic', id: 12, target: 'en' },
      silent: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'translate.readShowOriginal' }));
    expect(screen.queryByText('Good morning')).toBeNull();
  });

  it('offers nothing for a text in my language, nor where no route reaches it', async () => {
    const mine = show('en');
    expect(mine.container.innerHTML).toBe('');
    expect(mocked.get).not.toHaveBeenCalled();
    mine.unmount();

    mocked.get.mockResolvedValue(routesTo('none'));
    const far = show('es');
    await waitFor(() => expect(mocked.get).toHaveBeenCalled());
    expect(far.container.innerHTML).toBe('');
  });
});
