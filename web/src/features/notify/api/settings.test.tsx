import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { initI18n } from '../../../i18n';
import { subscribeToasts } from '../../../lib/toast';
import type { PushSettings } from '../settings';
import { notifyKeys } from './keys';
import { useSavePushSettings } from './settings';

const stored: PushSettings = {
  messages: true,
  likes: true,
  visitors: true,
  matches: true,
  gifts: true,
  announcements: true,
  quietHours: null,
  timeZone: 'UTC',
};

/** The server: each POST waits for the test to answer it. */
function server() {
  const answers: ((envelope: object) => void)[] = [];
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return new Promise<Response>((resolve) => {
        answers.push((envelope) => resolve(new Response(JSON.stringify(envelope))));
      });
    }),
  );
  return { answers, bodies };
}

function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(notifyKeys.settings(), stored);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useSavePushSettings(), { wrapper });
  const shown = () => client.getQueryData<PushSettings>(notifyKeys.settings());
  return { result, shown };
}

function toasts() {
  const seen: string[] = [];
  const stop = subscribeToasts((list) => seen.push(...list.map((t) => t.text)));
  return { seen, stop };
}

beforeAll(() => initI18n());
afterEach(() => vi.unstubAllGlobals());

describe('saving notification settings', () => {
  it('shows a switch turned off at once, with the time zone of this browser sent along', async () => {
    const { answers, bodies } = server();
    const { result, shown } = setup();
    act(() => result.current.mutate({ likes: false }));
    await waitFor(() => expect(shown()?.likes).toBe(false));
    expect(bodies[0]).toEqual({
      likes: false,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    act(() => answers[0]?.({ code: 200, msg: 'ok', data: { ...stored, likes: false } }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(shown()?.likes).toBe(false);
  });

  it('takes the change back and says so when the server refuses it', async () => {
    const { answers } = server();
    const { result, shown } = setup();
    const { seen, stop } = toasts();
    act(() => result.current.mutate({ quietHours: { from: '22:00', to: '07:00' } }));
    await waitFor(() => expect(shown()?.quietHours).not.toBeNull());
    act(() => answers[0]?.({ code: 400, msg: 'Unknown time zone', data: null }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(shown()).toEqual(stored);
    expect(seen).toContain('Your change could not be saved. Please try again.');
    stop();
  });

  it('keeps a later change when an earlier one fails', async () => {
    const { answers } = server();
    const { result, shown } = setup();
    act(() => result.current.mutate({ likes: false }));
    act(() => result.current.mutate({ visitors: false }));
    await waitFor(() => expect(answers).toHaveLength(2));
    act(() => answers[0]?.({ code: 500, msg: 'Internal error', data: null }));
    await waitFor(() => expect(shown()?.likes).toBe(true));
    expect(shown()?.visitors).toBe(false);
    act(() => answers[1]?.({ code: 200, msg: 'ok', data: { ...stored, visitors: false } }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(shown()).toEqual({ ...stored, visitors: false });
  });
});
