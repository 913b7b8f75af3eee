import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { clearSession, startSession } from '../../../lib/session';
import type { ConversationsData } from '../api/conversations';
import type { HistoryData } from '../api/history';
import { chatKeys } from '../api/keys';
import type { Message } from '../api/types';
import {
  ACK_TIMEOUT_MS,
  CONNECT_TIMEOUT_MS,
  ChatConnection,
  type ConnectionDeps,
  MAX_RECONNECT_ATTEMPTS,
  PING_INTERVAL_MS,
  RECONNECT_DELAY_MS,
  RECONNECT_INTERVAL_MS,
  type SocketLike,
} from '.';

/** A WebSocket the test plays the server of. */
class FakeSocket implements SocketLike {
  bufferedAmount = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  sent: Record<string, unknown>[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.closed = true;
  }
  /** A frame from the server. */
  push(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The server (or the network) closes the connection. */
  drop(code = 1006) {
    this.onclose?.({ code });
  }
  framesOf(type: string) {
    return this.sent.filter((f) => f.type === type);
  }
}

const ME = 42;
const MIKA = 7;

function message(overrides: Partial<Message>): Message {
  return {
    id: 1,
    clientId: `m-${overrides.id ?? 1}`,
    from: MIKA,
    to: ME,
    chatType: 'singleChat',
    type: 'txt',
    content: { text: 'Hi!' },
    status: 'unread',
    createdAt: '2026-11-22T10:00:00Z',
    ...overrides,
  };
}

function setup(overrides: Partial<ConnectionDeps> = {}) {
  localStorage.setItem('TOKEN', 'session-token');
  localStorage.setItem('LOGINED', 'true');
  localStorage.setItem('USER_ID', String(ME));
  const queryClient = new QueryClient();
  const sockets: FakeSocket[] = [];
  const toasts: string[] = [];
  let ids = 0;
  const deps = {
    fetchToken: vi.fn(async () => ({ emUser: 'u42', token: 'im-token', url: '/im' })),
    createSocket: (url: string) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    socketOrigin: () => 'ws://amora.test',
    sessionStillValid: vi.fn(async () => false),
    signOut: vi.fn(() => clearSession()),
    toast: (text: string) => void toasts.push(text),
    t: (key: string) => key,
    sendOverHttp: vi.fn(async () => ({ message: message({}) })),
    recallOverHttp: vi.fn(async () => message({})),
    markReadOverHttp: vi.fn(async () => null),
    fetchUnreadTotal: vi.fn(async () => 0),
    newClientId: () => `c-${++ids}`,
    isVisible: () => true,
    channel: null,
    events: null,
    ...overrides,
  };
  const connection = new ChatConnection({ queryClient, ...deps });
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  };
  /** Starts and completes the handshake: hello with the server's newest sequence. */
  const connect = async (serverSeq = 0) => {
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    last().push({ type: 'hello', userId: ME, lastSeq: serverSeq });
    return last();
  };
  return { connection, queryClient, sockets, toasts, deps, last, connect };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('connecting', () => {
  it("names the app's language when it opens the socket, for the server's words on it", async () => {
    localStorage.setItem('LANGUAGE', JSON.stringify({ language: 'Spanish', abbr: 'es' }));
    const { connection, last } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(new URL(last().url).searchParams.get('lang')).toBe('es');
  });

  it('gets the IM token, stores it and opens the socket with it', async () => {
    const { connection, last } = setup();
    connection.start();
    expect(connection.state).toBe('authenticating');
    await vi.advanceTimersByTimeAsync(0);

    expect(localStorage.getItem('IM_TOKEN')).toBe('im-token');
    expect(localStorage.getItem('IM_USER_NAME')).toBe('u42');
    expect(localStorage.getItem('IM_USER_ID')).toBe('42');
    expect(last().url).toBe('ws://amora.test/im?user=u42&accessToken=im-token&lang=en');
    expect(connection.state).toBe('authenticating');

    last().push({ type: 'hello', userId: ME, lastSeq: 1234 });
    expect(connection.state).toBe('connected');
    // Never connected on this device: the history comes over HTTP, events from now on.
    expect(last().framesOf('resume')).toEqual([{ type: 'resume', lastSeq: 1234, groups: {} }]);
  });

  it("takes the recall window and the gender rule from the server's hello", async () => {
    const { connection, last } = setup();
    expect(connection.recallWindowMs).toBe(2 * 60_000);
    expect(connection.sameGenderBlocked).toBe(true);
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    last().push({
      type: 'hello',
      userId: ME,
      lastSeq: 0,
      recallMinutes: 5,
      sameGenderBlocked: false,
    });
    expect(connection.recallWindowMs).toBe(5 * 60_000);
    expect(connection.sameGenderBlocked).toBe(false);
  });

  it('fails with "empty params" when the IM user or token is missing', async () => {
    const { connection, sockets } = setup({
      fetchToken: vi.fn(async () => ({ emUser: '', token: '', url: '/im' })),
    });
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.getSnapshot()).toEqual({ state: 'disconnected', reason: 'empty params' });
    expect(sockets).toHaveLength(0);
  });

  it('stays idle while nobody is signed in, and connects at login', async () => {
    const { connection, sockets, deps } = setup();
    localStorage.clear();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.state).toBe('idle');
    expect(deps.fetchToken).not.toHaveBeenCalled();

    startSession('fresh');
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
  });

  it('sends on its first hello what was written before it started (the chat opened first)', async () => {
    const { connection, connect } = setup();
    const clientId = connection.send(MIKA, 'txt', { text: 'Hello' });
    expect(connection.outbox.forPeer(MIKA)).toMatchObject([{ clientId, status: 'pending' }]);
    const socket = await connect();
    expect(connection.outbox.forPeer(MIKA)).toMatchObject([{ clientId, status: 'pending' }]);
    expect(socket.framesOf('send')).toMatchObject([{ clientId, to: MIKA }]);
  });

  it('forgets what an account left unsent when another signs in', async () => {
    const { connection, connect, sockets } = setup();
    await connect();
    sockets[0]?.drop();
    connection.send(MIKA, 'txt', { text: 'Hello' });
    startSession('someone-else');
    expect(connection.outbox.forPeer(MIKA)).toEqual([]);
  });

  it('closes for good at logout, with no reconnect', async () => {
    const { connection, sockets, connect } = setup();
    const socket = await connect();
    clearSession();
    expect(socket.closed).toBe(true);
    expect(connection.state).toBe('idle');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('events in sequence order', () => {
  it('applies each event once, in order, and resumes from the last one after a reconnect', async () => {
    const { connection, connect, last, queryClient } = setup();
    localStorage.setItem('IM_LAST_SEQ', JSON.stringify({ [ME]: 10 }));
    queryClient.setQueryData<HistoryData>(chatKeys.history(MIKA), {
      pages: [{ rows: [], total: 0 }],
      pageParams: [undefined],
    });
    const socket = await connect(12);
    expect(socket.framesOf('resume')).toEqual([{ type: 'resume', lastSeq: 10, groups: {} }]);

    socket.push({
      type: 'event',
      seq: 11,
      event: { kind: 'message', message: message({ id: 5 }) },
    });
    socket.push({
      type: 'event',
      seq: 11,
      event: { kind: 'message', message: message({ id: 5 }) },
    });
    socket.push({ type: 'event', seq: 9, event: { kind: 'message', message: message({ id: 3 }) } });
    socket.push({
      type: 'event',
      seq: 12,
      event: { kind: 'message', message: message({ id: 6, content: { text: 'Still there?' } }) },
    });

    const rows = queryClient.getQueryData<HistoryData>(chatKeys.history(MIKA))?.pages[0]?.rows;
    expect(rows?.map((m) => m.id)).toEqual([6, 5]);
    expect(JSON.parse(localStorage.getItem('IM_LAST_SEQ') ?? '{}')).toEqual({ [ME]: 12 });

    socket.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    expect(connection.state).toBe('reconnecting');
    last().push({ type: 'hello', userId: ME, lastSeq: 15 });
    expect(last().framesOf('resume')).toEqual([{ type: 'resume', lastSeq: 12, groups: {} }]);
  });

  it('counts the ack of the next event in my sequence as that event, and no other ack', async () => {
    const { connection, connect, last } = setup();
    localStorage.setItem('IM_LAST_SEQ', JSON.stringify({ [ME]: 4 }));
    const socket = await connect(4);
    const sendAcked = (text: string, seq: number) => {
      const clientId = connection.send(MIKA, 'txt', { text });
      socket.push({
        type: 'ack',
        clientId,
        seq,
        message: message({ id: 100 + seq, from: ME, to: MIKA, clientId }),
      });
    };
    sendAcked('One', 5);
    expect(JSON.parse(localStorage.getItem('IM_LAST_SEQ') ?? '{}')).toEqual({ [ME]: 5 });
    // Event 6 (hers) has not arrived: the ack of 7 does not stand for it.
    sendAcked('Two', 7);
    expect(JSON.parse(localStorage.getItem('IM_LAST_SEQ') ?? '{}')).toEqual({ [ME]: 5 });

    socket.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    last().push({ type: 'hello', userId: ME, lastSeq: 7 });
    expect(last().framesOf('resume')).toEqual([{ type: 'resume', lastSeq: 5, groups: {} }]);
  });

  it('applies receipts and recalls to the loaded conversation', async () => {
    const { connect, queryClient } = setup();
    const mine = message({ id: 8, from: ME, to: MIKA, clientId: 'c-9' });
    queryClient.setQueryData<HistoryData>(chatKeys.history(MIKA), {
      pages: [{ rows: [mine], total: 1 }],
      pageParams: [undefined],
    });
    const socket = await connect();
    const rows = () =>
      queryClient.getQueryData<HistoryData>(chatKeys.history(MIKA))?.pages[0]?.rows ?? [];

    socket.push({
      type: 'event',
      seq: 1,
      event: { kind: 'receipt', status: 'delivered', peer: MIKA, ids: [8], upTo: 8 },
    });
    expect(rows()[0]?.deliveredAt).toBeTruthy();
    expect(rows()[0]?.status).toBe('unread');
    socket.push({
      type: 'event',
      seq: 2,
      event: { kind: 'receipt', status: 'read', peer: MIKA, ids: [8], upTo: 8 },
    });
    expect(rows()[0]?.status).toBe('read');
    socket.push({ type: 'event', seq: 3, event: { kind: 'recall', id: 8, peer: MIKA } });
    expect(rows()[0]).toMatchObject({ status: 'recalled', content: null });
  });

  it('applies the new content of an updated message (a red packet claimed) on both sides', async () => {
    const { connect, queryClient } = setup();
    const packet = { redPacketId: 3, amount: 50, blessing: 'Best wishes!', state: 'unclaimed' };
    const mine = message({ id: 8, from: ME, to: MIKA, type: 'redPacket', content: packet });
    const theirs = message({ id: 9, type: 'redPacket', content: { ...packet, redPacketId: 4 } });
    queryClient.setQueryData<HistoryData>(chatKeys.history(MIKA), {
      pages: [{ rows: [theirs, mine], total: 2 }],
      pageParams: [undefined],
    });
    const socket = await connect();
    const row = (id: number) =>
      queryClient
        .getQueryData<HistoryData>(chatKeys.history(MIKA))
        ?.pages[0]?.rows.find((m) => m.id === id);

    socket.push({
      type: 'event',
      seq: 1,
      event: { kind: 'update', message: { ...mine, content: { ...packet, state: 'received' } } },
    });
    expect(row(8)?.content).toMatchObject({ state: 'received', amount: 50 });
    socket.push({
      type: 'event',
      seq: 2,
      event: {
        kind: 'update',
        message: {
          ...theirs,
          status: 'read',
          content: { ...packet, redPacketId: 4, state: 'received' },
        },
      },
    });
    expect(row(9)?.content).toMatchObject({ redPacketId: 4, state: 'received' });
    // Only the content changes: the receipt state stays what this device knows.
    expect(row(9)?.status).toBe('unread');
    expect(
      queryClient.getQueryData<HistoryData>(chatKeys.history(MIKA))?.pages[0]?.rows,
    ).toHaveLength(2);
  });
});

describe('reconnect policy', () => {
  it('reopens 300 ms after a drop with a toast, then tries 5 times 5 s apart, then waits for Retry', async () => {
    const { connection, connect, sockets, toasts, last } = setup();
    const socket = await connect();
    socket.drop(1006);

    expect(connection.state).toBe('reconnecting');
    expect(toasts).toEqual(['chat.accelerating']);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);

    // Every attempt fails before hello.
    last().drop(1006);
    for (let attempt = 2; attempt <= MAX_RECONNECT_ATTEMPTS; attempt++) {
      expect(connection.state).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(RECONNECT_INTERVAL_MS - 1);
      expect(sockets).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(attempt + 1);
      last().drop(1006);
    }
    expect(connection.getSnapshot()).toEqual({ state: 'disconnected', reason: 'retries' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(MAX_RECONNECT_ATTEMPTS + 1);
    expect(toasts).toEqual(['chat.accelerating']);

    connection.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(MAX_RECONNECT_ATTEMPTS + 2);
    last().push({ type: 'hello', userId: ME, lastSeq: 0 });
    expect(connection.state).toBe('connected');
  });

  it('asks for a new IM token after an attempt that failed before hello', async () => {
    const { connect, deps } = setup();
    const socket = await connect();
    expect(deps.fetchToken).toHaveBeenCalledTimes(1);
    socket.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    // A dropped connection reuses the stored token first.
    expect(deps.fetchToken).toHaveBeenCalledTimes(1);
  });

  it('drops and reconnects when the device goes offline, and retries at once when back online', async () => {
    const events = new EventTarget() as unknown as Window;
    const { connection, connect, sockets } = setup({ events });
    const socket = await connect();
    events.dispatchEvent(new Event('offline'));
    expect(socket.closed).toBe(true);
    expect(connection.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    sockets.at(-1)?.drop();
    const before = sockets.length;
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets.length).toBe(before + 1);
  });

  it('counts a socket that has not said hello within a minute as a failed attempt', async () => {
    const { connection, deps, last, sockets } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(last().closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(last().closed).toBe(true);
    expect(connection.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(RECONNECT_INTERVAL_MS);
    expect(deps.fetchToken).toHaveBeenCalledTimes(2);
    expect(sockets).toHaveLength(2);
  });

  it('pings every 25 s, and drops a connection silent for more than a minute', async () => {
    const { connection, connect, toasts } = setup();
    const socket = await connect();
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(socket.framesOf('ping')).toHaveLength(1);
    socket.push({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS * 2);
    expect(socket.closed).toBe(false);
    expect(socket.framesOf('ping')).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(socket.closed).toBe(true);
    expect(connection.state).toBe('reconnecting');
    expect(toasts).toEqual(['chat.accelerating']);
  });
});

describe('kicked', () => {
  it('logs out on a kicked frame (signed in elsewhere)', async () => {
    const { connection, connect, deps, queryClient, toasts } = setup();
    queryClient.setQueryData(chatKeys.unread(), 3);
    const socket = await connect();
    socket.push({ type: 'kicked', code: 206 });
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.signOut).toHaveBeenCalledTimes(1);
    expect(toasts).toContain('chat.signedInElsewhere');
    expect(queryClient.getQueryData(chatKeys.unread())).toBeUndefined();
    expect(localStorage.getItem('TOKEN')).toBeNull();
    expect(connection.state).toBe('idle');
  });

  it('stays signed in when another tab of this browser took the connection, and takes it back when shown', async () => {
    const channel = {
      postMessage: vi.fn(),
      onmessage: null as ((ev: { data: unknown }) => void) | null,
      close: vi.fn(),
    };
    const events = new EventTarget() as unknown as Window;
    let visible = false;
    const { connection, connect, deps, sockets } = setup({
      channel,
      events,
      isVisible: () => visible,
    });
    const socket = await connect();
    expect(channel.postMessage).toHaveBeenCalledWith({ type: 'open', user: 'u42' });
    // The other tab announces itself, then the server closes this one.
    channel.onmessage?.({ data: { type: 'open', user: 'u42' } });
    socket.push({ type: 'kicked', code: 206 });
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.signOut).not.toHaveBeenCalled();
    expect(connection.getSnapshot()).toEqual({ state: 'disconnected', reason: 'elsewhere' });

    visible = true;
    events.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
  });

  it('logs out on close code 4217 when the session has ended', async () => {
    const { connection, connect, deps, sockets } = setup();
    const socket = await connect();
    socket.drop(4217);
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.sessionStillValid).toHaveBeenCalled();
    expect(deps.signOut).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(connection.state).toBe('idle');
  });

  it('reconnects after 217 when it was this device changing its own password', async () => {
    const { connect, deps, sockets } = setup({ sessionStillValid: vi.fn(async () => true) });
    const socket = await connect();
    socket.drop(4217);
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.signOut).not.toHaveBeenCalled();
    expect(sockets).toHaveLength(2);
    expect(deps.fetchToken).toHaveBeenCalledTimes(2);
  });
});

describe('the unread counter', () => {
  const incoming = (socket: FakeSocket, seq: number, m: Partial<Message>) =>
    socket.push({ type: 'event', seq, event: { kind: 'message', message: message(m) } });

  it('counts incoming text and images, and confirms their delivery', async () => {
    const { connect, queryClient } = setup();
    const socket = await connect();
    incoming(socket, 1, { id: 1 });
    incoming(socket, 2, { id: 2, type: 'img', content: { url: '/a.jpg', thumb: '/t.jpg' } });
    incoming(socket, 3, { id: 3, type: 'emoji', content: { code: '[smile]' } });
    incoming(socket, 4, { id: 4, type: 'cmd', content: { action: 'ping' } });
    expect(localStorage.getItem('UNREAD_NUMBER')).toBe('2');
    expect(queryClient.getQueryData(chatKeys.unread())).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.framesOf('delivered')).toEqual([{ type: 'delivered', ids: [1, 2, 3, 4] }]);
  });

  it('sends after the next hello a receipt the dropped connection could not', async () => {
    const { connect, last } = setup();
    const socket = await connect();
    incoming(socket, 1, { id: 7 });
    socket.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    last().push({ type: 'hello', userId: ME, lastSeq: 1 });
    expect(last().framesOf('delivered')).toEqual([{ type: 'delivered', ids: [7] }]);
  });

  it('does not count a message from the person whose chat is open: unRead -1 and a read frame', async () => {
    const { connection, connect, queryClient } = setup();
    queryClient.setQueryData<HistoryData>(chatKeys.history(MIKA), {
      pages: [{ rows: [], total: 0 }],
      pageParams: [undefined],
    });
    const socket = await connect();
    connection.enterChat(MIKA);
    incoming(socket, 1, { id: 9 });
    incoming(socket, 2, { id: 10, from: 8 });
    expect(localStorage.getItem('UNREAD_NUMBER')).toBe('1');
    const rows = queryClient.getQueryData<HistoryData>(chatKeys.history(MIKA))?.pages[0]?.rows;
    expect(rows?.[0]).toMatchObject({ id: 9, unRead: -1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.framesOf('read')).toEqual([{ type: 'read', ids: [9] }]);
    expect(socket.framesOf('delivered')).toEqual([{ type: 'delivered', ids: [10] }]);
  });

  it('does not count twice a replayed message the conversation list already has', async () => {
    const { connect, queryClient } = setup();
    localStorage.setItem('IM_LAST_SEQ', JSON.stringify({ [ME]: 4 }));
    const peer = {
      userId: MIKA,
      userName: 'Mika',
    } as ConversationsData['pages'][0]['rows'][0]['peer'];
    // Fetched after message 12 was stored: it counts it.
    queryClient.setQueryData<ConversationsData>(chatKeys.conversations(), {
      pages: [{ rows: [{ peer, lastMessage: message({ id: 12 }), unread: 1 }], total: 1 }],
      pageParams: [1],
    });
    const socket = await connect(6);
    incoming(socket, 5, { id: 12 });
    incoming(socket, 6, { id: 13 });
    const row = queryClient.getQueryData<ConversationsData>(chatKeys.conversations())?.pages[0]
      ?.rows[0];
    expect(row).toMatchObject({ unread: 2, lastMessage: { id: 13 } });
  });

  it('opening a chat clears its unread count from the list and the total', async () => {
    const { connection, connect, queryClient, deps } = setup();
    const peer = {
      userId: MIKA,
      userName: 'Mika',
    } as ConversationsData['pages'][0]['rows'][0]['peer'];
    queryClient.setQueryData<ConversationsData>(chatKeys.conversations(), {
      pages: [{ rows: [{ peer, lastMessage: message({ id: 3 }), unread: 3 }], total: 1 }],
      pageParams: [1],
    });
    await connect();
    queryClient.setQueryData(chatKeys.unread(), 5);
    connection.enterChat(MIKA);
    expect(queryClient.getQueryData(chatKeys.unread())).toBe(2);
    expect(
      queryClient.getQueryData<ConversationsData>(chatKeys.conversations())?.pages[0]?.rows[0]
        ?.unread,
    ).toBe(0);
    expect(deps.markReadOverHttp).toHaveBeenCalledWith(MIKA);
  });
});

describe('sending', () => {
  it('is pending until the ack, then in the history', async () => {
    const { connection, connect, queryClient } = setup();
    queryClient.setQueryData<HistoryData>(chatKeys.history(MIKA), {
      pages: [{ rows: [], total: 0 }],
      pageParams: [undefined],
    });
    const socket = await connect();
    const clientId = connection.send(MIKA, 'txt', { text: 'Hello' });
    expect(connection.outbox.forPeer(MIKA)).toMatchObject([{ clientId, status: 'pending' }]);
    expect(socket.framesOf('send')).toEqual([
      { type: 'send', clientId, to: MIKA, msgType: 'txt', content: { text: 'Hello' } },
    ]);
    socket.push({
      type: 'ack',
      clientId,
      seq: 1,
      message: message({ id: 20, from: ME, to: MIKA, clientId, content: { text: 'Hello' } }),
    });
    expect(connection.outbox.forPeer(MIKA)).toEqual([]);
    const rows = queryClient.getQueryData<HistoryData>(chatKeys.history(MIKA))?.pages[0]?.rows;
    expect(rows?.map((m) => m.id)).toEqual([20]);
  });

  it('keeps a message acknowledged while its conversation was still loading', async () => {
    const { connection, connect, queryClient } = setup();
    const socket = await connect();
    const stored = message({
      id: 21,
      from: ME,
      to: MIKA,
      clientId: 'c21',
      content: { text: 'Hi' },
    });
    // The conversation's first read was answered before the message was stored, and lands after
    // its ack; the next read has it.
    let answerFirst: (page: { rows: Message[]; total: number }) => void = () => {};
    const reads: Promise<{ rows: Message[]; total: number }>[] = [
      new Promise((resolve) => (answerFirst = resolve)),
      Promise.resolve({ rows: [stored], total: 1 }),
    ];
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: chatKeys.history(MIKA),
      queryFn: () => reads.shift() ?? Promise.resolve({ rows: [stored], total: 1 }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: () => undefined,
    });
    const unsubscribe = observer.subscribe(() => {});
    const clientId = connection.send(MIKA, 'txt', { text: 'Hi' });
    socket.push({ type: 'ack', clientId, seq: 1, message: { ...stored, clientId } });
    answerFirst({ rows: [], total: 0 });
    await vi.waitFor(() => {
      const rows = queryClient.getQueryData<HistoryData>(chatKeys.history(MIKA))?.pages[0]?.rows;
      expect(rows?.map((m) => m.id)).toEqual([21]);
    });
    expect(connection.outbox.forPeer(MIKA)).toEqual([]);
    unsubscribe();
  });

  it('fails when not acknowledged within 10 s, and a retry reuses the clientId', async () => {
    const { connection, connect } = setup();
    const socket = await connect();
    const clientId = connection.send(MIKA, 'txt', { text: 'Hello?' });
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS - 1);
    expect(connection.outbox.get(clientId)?.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(connection.outbox.get(clientId)?.status).toBe('fail');

    connection.resend(clientId);
    expect(connection.outbox.get(clientId)?.status).toBe('pending');
    expect(socket.framesOf('send').map((f) => f.clientId)).toEqual([clientId, clientId]);
  });

  it('fails with the server reason, and flags a membership refusal', async () => {
    const { connection, connect } = setup();
    const socket = await connect();
    const text = connection.send(MIKA, 'txt', { text: 'Hi' });
    const image = connection.send(MIKA, 'img', { image: 'data:image/png;base64,AAAA' });
    const msg = 'You cannot message this person';
    socket.push({ type: 'error', clientId: text, code: 403, msg, data: null });
    socket.push({
      type: 'error',
      clientId: image,
      code: 403,
      msg: 'Upgrade now',
      data: { upgrade: true },
    });
    expect(connection.outbox.get(text)).toMatchObject({
      status: 'fail',
      error: { code: 403, msg, upgrade: false },
    });
    expect(connection.outbox.get(image)?.error?.upgrade).toBe(true);
  });

  it('keeps a message the server asks about ("Are you sure?") to be sent again confirmed', async () => {
    const { connection, connect } = setup();
    const socket = await connect();
    const asked = connection.send(MIKA, 'txt', { text: 'you idiota' });
    socket.push({
      type: 'error',
      clientId: asked,
      code: 409,
      msg: 'This message may hurt. Send it anyway?',
      data: { confirm: 'harsh' },
    });
    expect(connection.outbox.get(asked)).toMatchObject({
      status: 'fail',
      error: { code: 409, confirm: 'harsh', upgrade: false },
    });
    const anyway = connection.send(MIKA, 'txt', { text: 'you idiota' }, { confirmed: true });
    expect(socket.framesOf('send').at(-1)).toEqual({
      type: 'send',
      clientId: anyway,
      to: MIKA,
      msgType: 'txt',
      content: { text: 'you idiota' },
      confirmed: true,
    });
    // Any other refusal asks nothing.
    const other = connection.send(MIKA, 'txt', { text: 'Hi' });
    socket.push({ type: 'error', clientId: other, code: 403, msg: 'No', data: null });
    expect(connection.outbox.get(other)?.error?.confirm).toBeUndefined();
  });

  it('shows the upload progress of an image from the socket buffer, and times the ack from when it has left', async () => {
    const { connection, connect } = setup();
    const socket = await connect();
    socket.bufferedAmount = 10_000_000;
    const clientId = connection.send(MIKA, 'img', {
      image: `data:image/jpeg;base64,${'A'.repeat(100)}`,
    });
    const frameSize = JSON.stringify(socket.sent.at(-1)).length;
    socket.bufferedAmount = frameSize * 0.75;
    await vi.advanceTimersByTimeAsync(100);
    expect(connection.outbox.get(clientId)?.progress).toBeCloseTo(0.25, 2);
    // A slow upload is not a failure.
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS * 2);
    expect(connection.outbox.get(clientId)?.status).toBe('pending');
    socket.bufferedAmount = 0;
    await vi.advanceTimersByTimeAsync(100);
    expect(connection.outbox.get(clientId)?.progress).toBe(1);
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(connection.outbox.get(clientId)?.status).toBe('fail');
  });

  it('sends again, with the same clientId, what was unacknowledged when the connection dropped', async () => {
    const { connection, connect, last } = setup();
    const socket = await connect();
    const clientId = connection.send(MIKA, 'txt', { text: 'Are you there?' });
    socket.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    last().push({ type: 'hello', userId: ME, lastSeq: 0 });
    expect(last().framesOf('send')).toMatchObject([{ clientId }]);
  });

  it('keeps what is sent offline pending, however long, and sends it once back online', async () => {
    const events = new EventTarget() as unknown as Window;
    let online = true;
    const { connection, connect, deps, last } = setup({ events, isOnline: () => online });
    await connect();
    const early = connection.send(MIKA, 'txt', { text: 'Left before the network went' });
    online = false;
    events.dispatchEvent(new Event('offline'));
    const late = connection.send(MIKA, 'txt', { text: 'Written offline' });
    // Minutes offline: every attempt fails and the connection gives up; nothing fails, and
    // nothing is tried over HTTP.
    for (let i = 0; i <= MAX_RECONNECT_ATTEMPTS; i++) {
      await vi.advanceTimersByTimeAsync(RECONNECT_INTERVAL_MS);
      last().drop();
    }
    expect(connection.state).toBe('disconnected');
    const lastOne = connection.send(MIKA, 'txt', { text: 'Still offline' });
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS * 6);
    last().drop();
    expect([early, late, lastOne].map((id) => connection.outbox.get(id)?.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    expect(deps.sendOverHttp).not.toHaveBeenCalled();

    online = true;
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    last().push({ type: 'hello', userId: ME, lastSeq: 0 });
    expect(connection.state).toBe('connected');
    expect(
      last()
        .framesOf('send')
        .map((f) => f.clientId),
    ).toEqual([early, late, lastOne]);
  });

  it('uses HTTP once the socket has given up', async () => {
    const { connection, connect, deps, last } = setup();
    const socket = await connect();
    socket.drop();
    for (let i = 0; i < MAX_RECONNECT_ATTEMPTS; i++) {
      await vi.advanceTimersByTimeAsync(RECONNECT_INTERVAL_MS);
      last().drop();
    }
    expect(connection.state).toBe('disconnected');
    const clientId = connection.send(MIKA, 'txt', { text: 'Hello' });
    expect(deps.sendOverHttp).toHaveBeenCalledWith({
      to: MIKA,
      msgType: 'txt',
      content: { text: 'Hello' },
      clientId,
    });
  });
});

describe('groups', () => {
  const GROUP = 17;
  const groupRows = (queryClient: QueryClient) =>
    queryClient.getQueryData<HistoryData>(chatKeys.groupHistory(GROUP))?.pages[0]?.rows ?? [];

  it('resumes each group after its cursor, applies its events once, and follows my sends', async () => {
    const { connection, queryClient, last } = setup();
    localStorage.setItem('IM_GROUP_SEQ', JSON.stringify({ [ME]: { [GROUP]: 80 } }));
    queryClient.setQueryData<HistoryData>(chatKeys.groupHistory(GROUP), {
      pages: [{ rows: [], total: 0 }],
      pageParams: [undefined],
    });
    const heard: number[] = [];
    connection.subscribeGroups(({ groupId }) => heard.push(groupId));
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    const socket = last();
    socket.push({ type: 'hello', userId: ME, lastSeq: 0, groups: { [GROUP]: 81 } });
    expect(socket.framesOf('resume')).toEqual([
      { type: 'resume', lastSeq: 0, groups: { [GROUP]: 80 } },
    ]);

    const line = message({
      id: 500,
      from: MIKA,
      to: GROUP,
      type: 'system',
      content: { action: 'added', by: { id: MIKA, name: 'Mika' }, people: [] },
      chatType: 'groupChat',
    });
    const event = {
      type: 'groupEvent',
      groupId: GROUP,
      seq: 81,
      event: { kind: 'message', message: line },
    };
    socket.push(event);
    socket.push(event);
    expect(groupRows(queryClient).map((m) => m.id)).toEqual([500]);
    expect(heard).toEqual([GROUP]);

    // My message goes to the group, and its ack stands for the group's next event.
    const clientId = connection.sendToGroup(GROUP, 'txt', { text: 'Hello all' });
    expect(socket.framesOf('send').at(-1)).toEqual({
      type: 'send',
      clientId,
      groupId: GROUP,
      msgType: 'txt',
      content: { text: 'Hello all' },
    });
    expect(connection.outbox.forGroup(GROUP)).toHaveLength(1);
    socket.push({
      type: 'ack',
      clientId,
      groupId: GROUP,
      seq: 82,
      message: message({ id: 501, from: ME, to: GROUP, clientId, chatType: 'groupChat' }),
    });
    expect(connection.outbox.forGroup(GROUP)).toHaveLength(0);
    expect(groupRows(queryClient).map((m) => m.id)).toEqual([501, 500]);
    expect(JSON.parse(localStorage.getItem('IM_GROUP_SEQ') ?? '{}')).toEqual({
      [ME]: { [GROUP]: 82 },
    });
    // My own sequence is untouched by the group's numbers.
    expect(JSON.parse(localStorage.getItem('IM_LAST_SEQ') ?? '{}')).toEqual({ [ME]: 0 });

    socket.push({
      type: 'groupEvent',
      groupId: GROUP,
      seq: 83,
      event: { kind: 'recall', id: 501 },
    });
    expect(groupRows(queryClient)[0]).toMatchObject({ status: 'recalled', content: null });
  });

  it('reads the open group up to its newest event, and what arrives while it is open', async () => {
    const { connection, connect } = setup();
    const socket = await connect();
    connection.enterGroup(GROUP, 12);
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.framesOf('read')).toEqual([{ type: 'read', groupId: GROUP, upTo: 12 }]);
    socket.push({
      type: 'groupEvent',
      groupId: GROUP,
      seq: 13,
      event: { kind: 'message', message: message({ id: 600, to: GROUP, chatType: 'groupChat' }) },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.framesOf('read').at(-1)).toEqual({ type: 'read', groupId: GROUP, upTo: 13 });
    connection.leaveGroup(GROUP);
    socket.push({
      type: 'groupEvent',
      groupId: GROUP,
      seq: 14,
      event: { kind: 'message', message: message({ id: 601, to: GROUP, chatType: 'groupChat' }) },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.framesOf('read')).toHaveLength(2);
  });

  it('stops reading the open group at the line that removes me (the server would refuse it)', async () => {
    const { connection, connect } = setup();
    const socket = await connect();
    connection.enterGroup(GROUP, 12);
    await vi.advanceTimersByTimeAsync(0);
    const removed = message({
      id: 700,
      from: MIKA,
      to: GROUP,
      type: 'system',
      content: {
        action: 'removed',
        by: { id: MIKA, name: 'Mika' },
        people: [{ id: ME, name: 'Me' }],
      },
      chatType: 'groupChat',
    });
    socket.push({
      type: 'groupEvent',
      groupId: GROUP,
      seq: 13,
      event: { kind: 'message', message: removed },
    });
    socket.push({
      type: 'groupEvent',
      groupId: GROUP,
      seq: 14,
      event: { kind: 'message', message: message({ id: 701, to: GROUP, chatType: 'groupChat' }) },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.framesOf('read')).toEqual([{ type: 'read', groupId: GROUP, upTo: 12 }]);
  });
});
