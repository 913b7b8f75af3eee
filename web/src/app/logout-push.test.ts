// Logging out forgets this browser's push subscription, on the server (while the token is still
// valid) and at the browser's push service, before the session ends.
import { logout } from '../features/account/api/logout';
import { pushFollowsSession } from '../features/notify/push';
import { getToken } from '../lib/session';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';

function browserWith(
  subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null,
) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: () =>
        Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve(subscription) } }),
    },
  });
}

function server() {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data: null }))),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('logout and push', () => {
  beforeAll(() => pushFollowsSession());

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('TOKEN', 'tok');
    localStorage.setItem('LOGINED', 'true');
    localStorage.setItem('USER_ID', '7');
  });

  afterEach(() => vi.unstubAllGlobals());

  it('unsubscribes this browser, telling the server first, then logs out', async () => {
    const unsubscribe = vi.fn(() => Promise.resolve(true));
    browserWith({ endpoint: ENDPOINT, unsubscribe });
    const fetchMock = server();

    await logout();

    const calls = fetchMock.mock.calls.map(([url, init]) => ({
      url,
      body: init?.body,
      auth: (init?.headers as Record<string, string>).Authorization,
    }));
    expect(calls).toEqual([
      {
        url: '/prod-api/system/push/unsubscribe',
        body: JSON.stringify({ endpoint: ENDPOINT }),
        auth: 'Bearer tok',
      },
      { url: '/prod-api/logout', body: undefined, auth: 'Bearer tok' },
    ]);
    expect(unsubscribe).toHaveBeenCalledOnce();
    expect(getToken()).toBeNull();
  });

  it('logs out all the same when this browser has no subscription', async () => {
    browserWith(null);
    const fetchMock = server();

    await logout();

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/prod-api/logout']);
    expect(getToken()).toBeNull();
  });

  it('logs out all the same when the push service fails', async () => {
    browserWith({ endpoint: ENDPOINT, unsubscribe: () => Promise.reject(new Error('offline')) });
    const fetchMock = server();

    await logout();

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/prod-api/system/push/unsubscribe',
      '/prod-api/logout',
    ]);
    expect(getToken()).toBeNull();
  });
});
