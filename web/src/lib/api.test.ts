import { type Narrowed, api, fillPath } from './api';
import type { components } from './api-schema';

type LoginRequest = components['schemas']['LoginRequest'];

function answer(data: unknown) {
  return vi.fn().mockResolvedValue(new Response(JSON.stringify({ code: 200, msg: 'ok', data })));
}

function sent(fetchMock: ReturnType<typeof answer>) {
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  return { url, method: init.method, headers: init.headers, body: init.body };
}

describe('the typed API', () => {
  beforeEach(() => localStorage.clear());

  it('puts the query in the query string, leaving out what is undefined', async () => {
    const fetchMock = answer({ rows: [], total: 0 });
    vi.stubGlobal('fetch', fetchMock);
    const page = await api.get('/system/content/list', {
      query: { userId: 7, pageNum: 1, pageSize: 20, beforeId: undefined },
    });
    expect(page).toEqual({ rows: [], total: 0 });
    expect(sent(fetchMock)).toMatchObject({
      url: '/prod-api/system/content/list?userId=7&pageNum=1&pageSize=20',
      method: 'GET',
      body: undefined,
    });
  });

  it('fills in the path parameters', async () => {
    const fetchMock = answer({ liked: true, mutual: false });
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/system/like/opera/{id}', { path: { id: 42 }, query: { like: true } });
    expect(sent(fetchMock).url).toBe('/prod-api/system/like/opera/42?like=true');
  });

  it('sends the body as JSON', async () => {
    const fetchMock = answer({ token: 't', user: {} });
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/login', { body: { userName: 'aoi', password: 'secret' } });
    expect(sent(fetchMock)).toMatchObject({
      url: '/prod-api/login',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"userName":"aoi","password":"secret"}',
    });
  });

  it('form-encodes the body of a form operation', async () => {
    const fetchMock = answer(2);
    vi.stubGlobal('fetch', fetchMock);
    await api.delete('/system/content/delMsg', { body: { ids: '3,4' }, form: true });
    const request = sent(fetchMock);
    expect(request).toMatchObject({
      url: '/prod-api/system/content/delMsg',
      method: 'DELETE',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(String(request.body)).toBe('ids=3%2C4');
  });

  it('passes the call options on to the request', async () => {
    const fetchMock = answer({ userId: 1 });
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/getInfo', { token: 'saved', silent: true });
    expect(sent(fetchMock).headers).toMatchObject({ Authorization: 'Bearer saved' });
  });

  it('escapes what it puts in a path', () => {
    expect(fillPath('/system/grade/{id}', { id: 'a/b' })).toBe('/system/grade/a%2Fb');
  });

  it('names only what the schema has', () => {
    const passwords = { oldPassword: 'a', newPassword: 'b' };
    const mistakes = [
      // @ts-expect-error: no such path
      () => api.get('/system/user/getInfoo'),
      // @ts-expect-error: /login takes POST only
      () => api.get('/login'),
      // @ts-expect-error: the history is asked by userId, not peer
      () => api.get('/system/content/list', { query: { peer: 7 } }),
      // @ts-expect-error: a path parameter may not be left out
      () => api.get('/system/like/opera/{id}', { query: { like: true } }),
      // @ts-expect-error: a form operation must be sent form-encoded
      () => api.put('/system/user/profile/updatePwd', { body: passwords }),
      // @ts-expect-error: the login body has no email field
      () => api.post('/login', { body: { email: 'a@b.c', password: 'x' } }),
    ];
    expect(mistakes).toHaveLength(6);
  });

  it('answers the type of the envelope data', () => {
    const info = (): Promise<{ userName: string }> => api.get('/getInfo');
    // @ts-expect-error: the unread total is a number
    const unread = (): Promise<string> => api.get('/system/content/getUnRead');
    expect([info, unread]).toHaveLength(2);
  });

  it('lets a request type narrow the schema but not stray from it', () => {
    expectTypeOf<Narrowed<LoginRequest, { userName: string }>>().toEqualTypeOf<{
      userName: string;
    }>();
    // @ts-expect-error: the login request has no email field
    expectTypeOf<Narrowed<LoginRequest, { email: string }>>().toBeObject();
    // @ts-expect-error: the password is a string
    expectTypeOf<Narrowed<LoginRequest, { password: number }>>().toBeObject();
  });
});
