import { initI18n, setLanguage } from '../i18n';
import { ApiError, isUpgradeError, rechargeNeeded, request } from './request';
import { setNavigator } from './session';
import { dismissToast, subscribeToasts, type Toast } from './toast';

function answer(body: unknown, status = 200) {
  return vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

let toasts: readonly Toast[] = [];
subscribeToasts((t) => (toasts = t));

describe('the request helper', () => {
  beforeEach(() => {
    localStorage.clear();
    toasts = [];
  });

  it('sends the token, the language and JSON under /prod-api', async () => {
    localStorage.setItem('TOKEN', 'tok');
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Japanese', abbr: 'ja' }));
    const fetchMock = answer({ code: 200, msg: 'ok', data: { a: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(request({ url: '/login', method: 'POST', data: { x: 1 } })).resolves.toEqual({
      a: 1,
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/prod-api/login');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer tok',
      'Accept-Language': 'ja',
      'Content-Type': 'application/json',
    });
    expect(init.body).toBe('{"x":1}');
  });

  it('form-encodes when asked and puts params in the query string', async () => {
    const fetchMock = answer({ code: 200, msg: 'ok', data: null });
    vi.stubGlobal('fetch', fetchMock);
    await request({
      url: '/a',
      method: 'PUT',
      form: true,
      data: { oldPassword: 'x y' },
      params: { q: 1 },
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/prod-api/a?q=1');
    expect(String(init.body)).toBe('oldPassword=x+y');
  });

  it("rejects and toasts the server's msg for any code but 200", async () => {
    vi.stubGlobal('fetch', answer({ code: 400, msg: 'Incorrect email format', data: null }, 400));
    await expect(request({ url: '/register', method: 'POST' })).rejects.toBeInstanceOf(ApiError);
    expect(toasts.map((t) => t.text)).toContain('Incorrect email format');
  });

  it('names the toast of a failure, the same one twice over, so the caller can take it down', async () => {
    const body = JSON.stringify({ code: 400, msg: 'The old password is incorrect', data: null });
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => Promise.resolve(new Response(body, { status: 400 }))),
    );
    const failure = () =>
      request({ url: '/system/user/profile/updatePwd', method: 'PUT' }).then(
        () => null,
        (e: unknown) => e as ApiError,
      );
    const first = await failure();
    const again = await failure();
    expect(first).toBeInstanceOf(ApiError);
    expect(first?.toastId).toEqual(expect.any(Number));
    expect(again?.toastId).toBe(first?.toastId);
    const wrong = (shown: readonly Toast[]) =>
      shown.filter((t) => t.text === 'The old password is incorrect');
    expect(wrong(toasts)).toHaveLength(1);
    dismissToast(again?.toastId ?? 0);
    expect(wrong(toasts)).toEqual([]);
  });

  it('says how long to wait after a 429, in the interface language', async () => {
    await initI18n();
    const limited = (msg: string, wait: string) =>
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ code: 429, msg, data: null }), {
          status: 429,
          headers: { 'Retry-After': wait },
        }),
      );
    vi.stubGlobal('fetch', limited('Too many requests, please try again later', '42'));
    const error = await request({ url: '/login', method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfter).toBe(42);
    expect(toasts.map((t) => t.text)).toContain(
      'Too many requests, please try again later You can try again in 42 seconds.',
    );

    await setLanguage('ge');
    vi.stubGlobal('fetch', limited('Zu viele Anfragen', '3600'));
    await request({ url: '/login', method: 'POST' }).catch(() => undefined);
    expect(toasts.map((t) => t.text)).toContain(
      'Zu viele Anfragen Du kannst es in 1 Stunde erneut versuchen.',
    );
    await setLanguage('en');
  });

  it('names a 413 that is not our envelope (the body limit) in words', async () => {
    await initI18n();
    await setLanguage('en');
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('length limit exceeded', { status: 413 })),
    );
    const failed = (await request({ url: '/register', method: 'POST' }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect([failed.code, failed.message]).toEqual([413, 'The file is too large']);
  });

  it('signs out on 401: clears the session keys and goes to login', async () => {
    for (const key of ['TOKEN', 'IM_TOKEN', 'UNREAD_NUMBER', 'USER_INFO', 'listRed', 'LOGINED']) {
      localStorage.setItem(key, 'x');
    }
    localStorage.setItem('UserAccounts', '[]');
    const go = vi.fn();
    setNavigator(go);
    vi.stubGlobal('fetch', answer({ code: 401, msg: 'expired', data: null }, 401));
    await expect(request({ url: '/getInfo' })).rejects.toMatchObject({ code: 401 });
    for (const key of ['TOKEN', 'IM_TOKEN', 'UNREAD_NUMBER', 'USER_INFO', 'listRed', 'LOGINED']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('UserAccounts')).toBe('[]');
    expect(localStorage.getItem('isShowingModal')).toBe('true');
    expect(go).toHaveBeenCalledWith('/pages/login/login');
  });

  it('toasts a network failure and rejects', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(request({ url: '/getInfo' })).rejects.toMatchObject({ code: 0 });
    expect(toasts.map((t) => t.text)).toContain('Failed to fetch');
  });

  it('leaves a membership refusal to the caller when asked, and still toasts other failures', async () => {
    const upgrade = { code: 403, msg: 'Upgrade now', data: { upgrade: true } };
    vi.stubGlobal('fetch', answer(upgrade, 403));
    const refused = request({ url: '/system/like/likeMe', quietUpgrade: true });
    await expect(refused).rejects.toSatisfy(isUpgradeError);
    expect(toasts).toEqual([]);

    vi.stubGlobal('fetch', answer({ code: 403, msg: 'Not allowed', data: null }, 403));
    const forbidden = request({ url: '/system/like/likeMe', quietUpgrade: true });
    await expect(forbidden).rejects.not.toSatisfy(isUpgradeError);
    expect(toasts.map((t) => t.text)).toContain('Not allowed');
  });

  it('toasts a membership refusal by default', async () => {
    vi.stubGlobal('fetch', answer({ code: 403, msg: 'Upgrade now', data: { upgrade: true } }, 403));
    await expect(request({ url: '/system/like/visitor' })).rejects.toSatisfy(isUpgradeError);
    expect(toasts.map((t) => t.text)).toContain('Upgrade now');
  });
});

describe('what a refusal says is missing', () => {
  it('names the recharge tab the server gives, and nothing else', () => {
    expect(rechargeNeeded({ recharge: 'gold' })).toBe('gold');
    expect(rechargeNeeded({ recharge: 'character' })).toBe('character');
    for (const data of [null, undefined, 'gold', { recharge: 'member' }, { upgrade: true }]) {
      expect(rechargeNeeded(data)).toBeNull();
    }
  });
});
