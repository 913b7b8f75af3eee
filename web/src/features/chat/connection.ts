// The chat connection (docs/im-protocol.md): the one owner of the /im socket. It is a small
// state machine (idle -> authenticating -> connected, and reconnecting / disconnected after a
// drop), resumes from the last event sequence it processed so nothing is lost or seen twice, keeps
// the unsent messages (outbox.ts), and feeds every event into the query cache (cache.ts).
import type { QueryClient } from '@tanstack/react-query';
import { t as translate } from '../../i18n';
import { ApiError, request } from '../../lib/request';
import { getToken, isLoggedIn, signOutToLogin, subscribeSession } from '../../lib/session';
import { StorageKey, getJSON, getString, setJSON, setString } from '../../lib/storage';
import { type ToastKind, showToast } from '../../lib/toast';
import { getImToken } from './api/im-token';
import { markConversationRead } from './api/mark-read';
import { recallOverHttp } from './api/recall';
import { type Outgoing, sendMessageOverHttp } from './api/send';
import type { ImToken, Message, MessageContent, MessageType, SendError } from './api/types';
import { getUnreadTotal } from './api/unread';
import {
  addToUnreadTotal,
  bumpConversation,
  clearConversationUnread,
  patchConversationLast,
  patchHistory,
  setUnreadTotal,
  upsertHistoryMessage,
} from './cache';
import { RECALL_WINDOW_MS } from './display';
import { Outbox, type OutboxEntry } from './outbox';

export type ConnectionState =
  'idle' | 'authenticating' | 'connected' | 'reconnecting' | 'disconnected';

/** Why the connection is disconnected: gave up retrying, nothing to connect with, or another tab has it. */
export type DisconnectReason = 'retries' | 'empty params' | 'elsewhere';

export interface ConnectionSnapshot {
  state: ConnectionState;
  reason?: DisconnectReason;
}

/** SPEC sections 4 and 9: reopen 300 ms after a drop, then at most 5 attempts 5 s apart. */
export const RECONNECT_DELAY_MS = 300;
export const RECONNECT_INTERVAL_MS = 5_000;
export const MAX_RECONNECT_ATTEMPTS = 5;
/** A send not acknowledged this long after it left the device fails (with Retry). */
export const ACK_TIMEOUT_MS = 10_000;
/** Connect-socket time-out (SPEC section 9). */
export const CONNECT_TIMEOUT_MS = 60_000;
/** The server pings every 25 s and drops a connection silent for 60 s; the client does the same. */
export const PING_INTERVAL_MS = 25_000;
export const SILENCE_LIMIT_MS = 60_000;
export const TYPING_SHOWN_MS = 5_000;
export const TYPING_THROTTLE_MS = 3_000;
/** Close codes of the kicked frame: signed in elsewhere (206) and kicked (217). */
export const KICKED_CLOSE_CODES = [4206, 4217] as const;

/** The part of WebSocket the connection uses (tests pass a fake). */
export interface SocketLike {
  readonly bufferedAmount: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Tabs of one browser tell each other when they open the socket (see kicked()). */
interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((ev: { data: unknown }) => void) | null;
  close(): void;
}

export interface ConnectionDeps {
  queryClient: QueryClient;
  fetchToken: () => Promise<ImToken>;
  createSocket: (url: string) => SocketLike;
  /** ws(s)://host of the site. */
  socketOrigin: () => string;
  isLoggedIn: () => boolean;
  sessionToken: () => string | null;
  subscribeSession: (listener: () => void) => () => void;
  /** After a 217: is this device's session still valid (its own password change)? */
  sessionStillValid: () => Promise<boolean>;
  signOut: () => void;
  toast: (text: string, kind?: ToastKind) => void;
  t: (key: string) => string;
  sendOverHttp: (message: Outgoing) => Promise<{ message: Message }>;
  recallOverHttp: (id: number) => Promise<Message>;
  markReadOverHttp: (peer: number) => Promise<unknown>;
  fetchUnreadTotal: () => Promise<number>;
  newClientId: () => string;
  isVisible: () => boolean;
  channel: ChannelLike | null;
  /** window, for online/offline/visibilitychange (null in tests that do not need them). */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

type ServerFrame =
  | {
      type: 'hello';
      userId: number;
      lastSeq: number;
      recallMinutes?: number;
      sameGenderBlocked?: boolean;
    }
  | { type: 'event'; seq: number; event: ChatEvent }
  | { type: 'ack'; clientId: string; seq: number; message: Message }
  | {
      type: 'error';
      clientId?: string | null;
      code: number;
      msg: string;
      data?: { upgrade?: boolean } | null;
    }
  | { type: 'typing'; from: number }
  | { type: 'kicked'; code: number }
  | { type: 'pong' };

type ChatEvent =
  | { kind: 'message'; message: Message }
  | {
      kind: 'receipt';
      status: 'delivered' | 'read';
      peer: number;
      ids: number[];
      upTo?: number;
    }
  | { kind: 'recall'; id: number; peer: number }
  /** A stored message changed (a red packet claimed or returned): its new content. */
  | { kind: 'update'; message: Message };

function defaultDeps(queryClient: QueryClient): ConnectionDeps {
  return {
    queryClient,
    fetchToken: getImToken,
    // The handlers take the browser's richer events; SocketLike names what is read of them.
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    socketOrigin: () => {
      const { protocol, host } = globalThis.location;
      return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
    },
    isLoggedIn,
    sessionToken: getToken,
    subscribeSession,
    sessionStillValid: async () => {
      try {
        await request({ url: '/getInfo', silent: true, handleUnauthorized: false });
        return true;
      } catch (err) {
        return !(err instanceof ApiError && err.code === 401);
      }
    },
    signOut: signOutToLogin,
    toast: showToast,
    t: translate,
    sendOverHttp: sendMessageOverHttp,
    recallOverHttp,
    markReadOverHttp: markConversationRead,
    fetchUnreadTotal: getUnreadTotal,
    newClientId: () => crypto.randomUUID(),
    isVisible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
    channel:
      typeof BroadcastChannel === 'undefined'
        ? null
        : (new BroadcastChannel('amora-im') as unknown as ChannelLike),
    events: typeof window === 'undefined' ? null : window,
  };
}

type Timer = ReturnType<typeof setTimeout>;

export class ChatConnection {
  readonly outbox = new Outbox();
  private readonly deps: ConnectionDeps;
  private snapshot: ConnectionSnapshot = { state: 'idle' };
  private listeners = new Set<() => void>();

  private started = false;
  private unsubscribeSession: (() => void) | null = null;
  /** The session the connection belongs to; a new one (login, account switch) starts afresh. */
  private session: string | null = null;
  private ws: SocketLike | null = null;
  /** Bumped whenever an attempt is abandoned, so its late answers are ignored. */
  private generation = 0;
  private attempts = 0;
  private needToken = true;
  private socketPath = '/im';
  private greeted = false;
  /** This session has been connected before: a new attempt is a reconnect. */
  private connectedOnce = false;
  private retryTimer: Timer | null = null;
  private connectTimer: Timer | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;

  /** My user id (from hello). */
  private me: number | null = null;
  /** How long after sending I may recall a message (the server's setting, from hello). */
  recallWindowMs = RECALL_WINDOW_MS;
  /** Whether the server refuses chats between people of the same gender (from hello). */
  sameGenderBlocked = true;
  private lastSeq = 0;
  /** The server's newest sequence at hello: once processed, the replay is over. */
  private replayUntil = 0;
  private caughtUp = false;

  private activePeer: number | null = null;
  private pendingRead: number[] = [];
  private pendingDelivered: number[] = [];
  private receiptsTimer: Timer | null = null;
  private ackTimers = new Map<string, Timer>();
  private progressTimers = new Map<string, ReturnType<typeof setInterval>>();
  private lastTypingSent = new Map<number, number>();
  private typing = new Map<number, Timer>();
  private typingListeners = new Set<() => void>();
  private siblingOpenedAt = 0;

  constructor(deps: Partial<ConnectionDeps> & { queryClient: QueryClient }) {
    this.deps = { ...defaultDeps(deps.queryClient), ...deps };
  }

  // ---------- observing ----------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ConnectionSnapshot => this.snapshot;

  get state(): ConnectionState {
    return this.snapshot.state;
  }

  subscribeTyping = (listener: () => void): (() => void) => {
    this.typingListeners.add(listener);
    return () => this.typingListeners.delete(listener);
  };

  isTyping(peer: number): boolean {
    return this.typing.has(peer);
  }

  private setState(state: ConnectionState, reason?: DisconnectReason): void {
    if (this.snapshot.state === state && this.snapshot.reason === reason) return;
    this.snapshot = reason ? { state, reason } : { state };
    for (const l of this.listeners) l();
  }

  // ---------- life cycle ----------

  /** Connects while someone is signed in, and follows logins, logouts and account switches. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.unsubscribeSession = this.deps.subscribeSession(() => this.onSession());
    const events = this.deps.events;
    events?.addEventListener('online', this.onOnline);
    events?.addEventListener('offline', this.onOffline);
    events?.addEventListener('visibilitychange', this.onVisibility);
    if (this.deps.channel) this.deps.channel.onmessage = this.onSibling;
    this.onSession();
  }

  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.unsubscribeSession?.();
    this.unsubscribeSession = null;
    const events = this.deps.events;
    events?.removeEventListener('online', this.onOnline);
    events?.removeEventListener('offline', this.onOffline);
    events?.removeEventListener('visibilitychange', this.onVisibility);
    if (this.deps.channel) this.deps.channel.onmessage = null;
    this.shutDown();
    this.session = null;
    this.setState('idle');
  }

  /** The manual Retry after the connection gave up. */
  retry(): void {
    if (!this.deps.isLoggedIn()) return;
    this.attempts = 0;
    this.clearRetryTimer();
    if (this.ws) return;
    void this.attempt();
  }

  private onSession(): void {
    const token = this.deps.isLoggedIn() ? this.deps.sessionToken() : null;
    if (token === this.session) return;
    this.shutDown();
    this.forgetAccount();
    this.session = token;
    this.me = null;
    this.caughtUp = false;
    if (!token) {
      this.setState('idle');
      return;
    }
    this.attempts = 0;
    this.needToken = true;
    this.greeted = false;
    this.connectedOnce = false;
    void this.attempt();
  }

  /** Closes the socket on purpose and stops every timer; no reconnect follows. */
  private shutDown(): void {
    this.flushReceipts();
    this.generation += 1;
    this.clearRetryTimer();
    this.stopHeartbeat();
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      try {
        ws.close(1000, 'bye');
      } catch {
        // already closed
      }
    }
    for (const id of this.typing.keys()) this.stopTyping(id);
  }

  /** What belonged to the account that was signed in: unsent messages and receipts. */
  private forgetAccount(): void {
    this.outbox.clear();
    this.pendingRead = [];
    this.pendingDelivered = [];
  }

  private clearRetryTimer(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  // ---------- connecting ----------

  private async attempt(): Promise<void> {
    const generation = ++this.generation;
    this.attempts += 1;
    this.setState(this.connectedOnce || this.attempts > 1 ? 'reconnecting' : 'authenticating');
    if (this.needToken) {
      try {
        const token = await this.deps.fetchToken();
        if (generation !== this.generation) return;
        setString(StorageKey.IM_TOKEN, token.token);
        setString(StorageKey.IM_USER_NAME, token.emUser);
        const id = token.emUser.replace(/^u/, '');
        if (/^\d+$/.test(id)) setString(StorageKey.IM_USER_ID, id);
        this.socketPath = token.url || '/im';
        this.needToken = false;
      } catch {
        if (generation !== this.generation || !this.deps.isLoggedIn()) return;
        this.attemptFailed();
        return;
      }
    }
    const user = getString(StorageKey.IM_USER_NAME);
    const accessToken = getString(StorageKey.IM_TOKEN);
    if (!user || !accessToken) {
      // SPEC section 4: both are required.
      this.needToken = true;
      this.setState('disconnected', 'empty params');
      return;
    }
    const query = `user=${encodeURIComponent(user)}&accessToken=${encodeURIComponent(accessToken)}`;
    const sep = this.socketPath.includes('?') ? '&' : '?';
    let ws: SocketLike;
    try {
      ws = this.deps.createSocket(`${this.deps.socketOrigin()}${this.socketPath}${sep}${query}`);
    } catch {
      this.attemptFailed();
      return;
    }
    this.ws = ws;
    this.deps.channel?.postMessage({ type: 'open', user });
    ws.onmessage = (ev) => {
      if (ws !== this.ws) return;
      this.lastHeard = Date.now();
      if (typeof ev.data !== 'string') return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(ev.data) as ServerFrame;
      } catch {
        return;
      }
      this.onFrame(frame);
    };
    ws.onclose = (ev) => {
      if (ws !== this.ws) return;
      this.onClosed(ev.code);
    };
    ws.onerror = () => {
      // A close event follows.
    };
    this.connectTimer = setTimeout(() => {
      if (ws === this.ws && !this.greeted) this.drop();
    }, CONNECT_TIMEOUT_MS);
  }

  private attemptFailed(): void {
    // The stored token may have been revoked: the next attempt asks for a new one.
    this.needToken = true;
    if (this.attempts >= MAX_RECONNECT_ATTEMPTS) {
      this.setState('disconnected', 'retries');
      return;
    }
    this.setState('reconnecting');
    this.scheduleAttempt(RECONNECT_INTERVAL_MS);
  }

  private scheduleAttempt(delay: number): void {
    this.clearRetryTimer();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.attempt();
    }, delay);
  }

  /** Treats the socket as lost (silence, offline, no hello in time) and closes it. */
  private drop(): void {
    const ws = this.ws;
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    try {
      ws.close(4000, 'lost');
    } catch {
      // already closed
    }
    this.onClosed(1006);
  }

  private onClosed(code: number): void {
    const wasGreeted = this.greeted;
    this.ws = null;
    this.greeted = false;
    this.stopHeartbeat();
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    for (const timer of this.progressTimers.values()) clearInterval(timer);
    this.progressTimers.clear();
    if ((KICKED_CLOSE_CODES as readonly number[]).includes(code)) {
      void this.kicked(code - 4000);
      return;
    }
    if (!this.deps.isLoggedIn()) {
      this.setState('idle');
      return;
    }
    if (wasGreeted) {
      // SPEC section 4: an unexpected drop reopens after 300 ms, with a toast.
      this.attempts = 0;
      this.deps.toast(this.deps.t('chat.accelerating'));
      this.setState('reconnecting');
      this.scheduleAttempt(RECONNECT_DELAY_MS);
      return;
    }
    this.attemptFailed();
  }

  private async kicked(code: number): Promise<void> {
    this.shutDown();
    if (code === 206 && Date.now() - this.siblingOpenedAt < 15_000) {
      // Another tab of this browser took the connection: stay signed in, let it have it.
      this.setState('disconnected', 'elsewhere');
      return;
    }
    if (code === 217) {
      // 217 also follows this device's own password change, which keeps this session.
      const generation = this.generation;
      const valid = await this.deps.sessionStillValid();
      if (generation !== this.generation) return;
      if (valid) {
        this.attempts = 0;
        this.needToken = true;
        void this.attempt();
        return;
      }
    }
    this.session = null;
    this.forgetAccount();
    this.setState('idle');
    this.deps.queryClient.clear();
    this.deps.toast(
      this.deps.t(code === 206 ? 'chat.signedInElsewhere' : 'errors.sessionExpired'),
      'error',
    );
    this.deps.signOut();
  }

  private onOnline = (): void => {
    if (this.state === 'reconnecting' || this.state === 'disconnected') this.retry();
  };

  private onOffline = (): void => {
    if (this.ws) this.drop();
  };

  private onVisibility = (): void => {
    if (!this.deps.isVisible()) return;
    if (this.state === 'disconnected') this.retry();
    if (this.activePeer !== null) void this.markRead(this.activePeer);
  };

  private onSibling = (ev: { data: unknown }): void => {
    const data = ev.data as { type?: string; user?: string } | null;
    if (data?.type === 'open' && data.user === getString(StorageKey.IM_USER_NAME)) {
      this.siblingOpenedAt = Date.now();
    }
  };

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.lastHeard = Date.now();
    this.heartbeat = setInterval(() => {
      if (Date.now() - this.lastHeard > SILENCE_LIMIT_MS) {
        this.drop();
        return;
      }
      this.sendFrame({ type: 'ping' });
    }, PING_INTERVAL_MS);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private sendFrame(frame: object): boolean {
    if (!this.ws || !this.greeted) return false;
    try {
      this.ws.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  // ---------- frames ----------

  private onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'hello':
        if (typeof frame.recallMinutes === 'number' && frame.recallMinutes >= 0) {
          this.recallWindowMs = frame.recallMinutes * 60_000;
        }
        if (typeof frame.sameGenderBlocked === 'boolean') {
          this.sameGenderBlocked = frame.sameGenderBlocked;
        }
        this.onHello(frame.userId, frame.lastSeq);
        break;
      case 'event':
        this.onEvent(frame.seq, frame.event);
        break;
      case 'ack':
        this.onAck(frame.clientId, frame.message, frame.seq);
        break;
      case 'error':
        this.onError(frame);
        break;
      case 'typing':
        this.startTyping(frame.from);
        break;
      case 'kicked':
        void this.kicked(frame.code);
        break;
      default:
        break;
    }
  }

  private onHello(userId: number, serverSeq: number): void {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    this.me = userId;
    setString(StorageKey.IM_USER_ID, String(userId));
    const stored = readLastSeq(userId);
    // A device that never connected skips the history (the REST history has it); a stored
    // number above the server's belongs to a database that no longer exists.
    this.lastSeq = stored !== null && stored <= serverSeq ? stored : serverSeq;
    writeLastSeq(userId, this.lastSeq);
    this.replayUntil = serverSeq;
    this.greeted = true;
    this.connectedOnce = true;
    this.attempts = 0;
    this.sendFrame({ type: 'resume', lastSeq: this.lastSeq });
    this.setState('connected');
    this.startHeartbeat();
    // The protocol: a send not acknowledged before the connection dropped is sent again.
    for (const entry of this.outbox.all()) {
      if (entry.status === 'pending') this.transmit(entry.clientId);
    }
    this.flushReceipts();
    if (this.lastSeq >= this.replayUntil) this.onCaughtUp();
  }

  private onEvent(seq: number, event: ChatEvent): void {
    if (seq <= this.lastSeq || this.me === null) return;
    this.apply(event, this.me);
    this.processed(this.me, seq);
  }

  /** Event `seq` is processed: it is where the next resume starts. */
  private processed(me: number, seq: number): void {
    this.lastSeq = seq;
    writeLastSeq(me, seq);
    if (!this.caughtUp && seq >= this.replayUntil) this.onCaughtUp();
  }

  /** The replay is over: the unread total is taken from the server again. */
  private onCaughtUp(): void {
    this.caughtUp = true;
    this.syncUnreadTotal();
  }

  private syncUnreadTotal(): void {
    this.deps.fetchUnreadTotal().then(
      (total) => setUnreadTotal(this.deps.queryClient, total),
      () => undefined,
    );
  }

  private apply(event: ChatEvent, me: number): void {
    const qc = this.deps.queryClient;
    switch (event.kind) {
      case 'message': {
        const message = event.message;
        if (message.from === me) {
          const entry = this.outbox.remove(message.clientId);
          this.forgetEntry(message.clientId, entry);
          upsertHistoryMessage(qc, message.to, message);
          if (message.type !== 'cmd') bumpConversation(qc, message.to, message, 0);
          return;
        }
        this.receive(message);
        return;
      }
      case 'receipt': {
        const ids = new Set(event.ids);
        const at = new Date().toISOString();
        const match = (m: Message) => m.from === me && ids.has(m.id);
        const patch =
          event.status === 'read'
            ? (m: Message) => ({
                ...m,
                status: m.status === 'unread' ? 'read' : m.status,
                readAt: m.readAt ?? at,
                deliveredAt: m.deliveredAt ?? at,
              })
            : (m: Message) => ({ ...m, deliveredAt: m.deliveredAt ?? at });
        patchHistory(qc, event.peer, match, patch);
        patchConversationLast(qc, event.peer, match, patch);
        return;
      }
      case 'recall': {
        const match = (m: Message) => m.id === event.id;
        const patch = (m: Message) => ({ ...m, status: 'recalled', content: null });
        patchHistory(qc, event.peer, match, patch);
        patchConversationLast(qc, event.peer, match, patch);
        if (this.caughtUp) this.syncUnreadTotal();
        return;
      }
      case 'update': {
        const changed = event.message;
        const peer = changed.from === me ? changed.to : changed.from;
        const match = (m: Message) => m.id === changed.id;
        const patch = (m: Message) =>
          m.status === 'recalled' ? m : { ...m, content: changed.content };
        patchHistory(qc, peer, match, patch);
        patchConversationLast(qc, peer, match, patch);
        return;
      }
      default:
        return;
    }
  }

  /** An incoming message: SPEC section 4's unread rule, receipts, and the caches. */
  private receive(incoming: Message): void {
    const qc = this.deps.queryClient;
    const peer = incoming.from;
    this.stopTyping(peer);
    const fresh = incoming.status === 'unread';
    if (incoming.type === 'cmd') {
      if (fresh && !incoming.deliveredAt) this.queueReceipt('delivered', incoming.id);
      return;
    }
    const inChat = this.activePeer === peer && this.deps.isVisible();
    let message = incoming;
    if (fresh && inChat) {
      message = { ...incoming, unRead: -1, status: 'read' };
      this.queueReceipt('read', incoming.id);
    } else if (fresh) {
      if (!incoming.deliveredAt) this.queueReceipt('delivered', incoming.id);
      if (incoming.type === 'txt' || incoming.type === 'img') addToUnreadTotal(qc, 1);
    }
    upsertHistoryMessage(qc, peer, message);
    bumpConversation(qc, peer, message, fresh && !inChat ? 1 : 0);
  }

  private queueReceipt(kind: 'read' | 'delivered', id: number): void {
    (kind === 'read' ? this.pendingRead : this.pendingDelivered).push(id);
    this.receiptsTimer ??= setTimeout(() => this.flushReceipts(), 0);
  }

  /** Receipts not sent (the socket dropped meanwhile) wait for the next hello. */
  private flushReceipts(): void {
    if (this.receiptsTimer) clearTimeout(this.receiptsTimer);
    this.receiptsTimer = null;
    if (this.pendingRead.length && this.sendFrame({ type: 'read', ids: this.pendingRead })) {
      this.pendingRead = [];
    }
    if (
      this.pendingDelivered.length &&
      this.sendFrame({ type: 'delivered', ids: this.pendingDelivered })
    ) {
      this.pendingDelivered = [];
    }
  }

  /**
   * A stored send. The socket's ack of the next event in my sequence (`seq`) stands for that
   * event, my own copy of the message: the server sends it no further on this connection
   * (docs/im-protocol.md). A send over HTTP has no place in the connection's sequence.
   */
  private onAck(clientId: string, message: Message, seq?: number): void {
    const entry = this.outbox.remove(clientId);
    this.forgetEntry(clientId, entry);
    const qc = this.deps.queryClient;
    upsertHistoryMessage(qc, message.to, message);
    if (message.type !== 'cmd') bumpConversation(qc, message.to, message, 0);
    if (seq !== undefined && this.me !== null && seq === this.lastSeq + 1) {
      this.processed(this.me, seq);
    }
  }

  private onError(frame: Extract<ServerFrame, { type: 'error' }>): void {
    const entry = frame.clientId ? this.outbox.get(frame.clientId) : undefined;
    if (!entry) {
      this.deps.toast(frame.msg || this.deps.t('errors.generic'), 'error');
      return;
    }
    this.fail(entry.clientId, {
      code: frame.code,
      msg: frame.msg,
      upgrade: frame.data?.upgrade === true,
    });
  }

  // ---------- typing ----------

  /** Tells the person I am typing, at most every 3 s. */
  sendTyping(to: number): void {
    const now = Date.now();
    if (now - (this.lastTypingSent.get(to) ?? 0) < TYPING_THROTTLE_MS) return;
    if (this.sendFrame({ type: 'typing', to })) this.lastTypingSent.set(to, now);
  }

  private startTyping(from: number): void {
    const old = this.typing.get(from);
    if (old) clearTimeout(old);
    this.typing.set(
      from,
      setTimeout(() => this.stopTyping(from), TYPING_SHOWN_MS),
    );
    if (!old) for (const l of this.typingListeners) l();
  }

  private stopTyping(from: number): void {
    const timer = this.typing.get(from);
    if (!timer) return;
    clearTimeout(timer);
    this.typing.delete(from);
    for (const l of this.typingListeners) l();
  }

  // ---------- the open chat ----------

  /** The chat with `peer` is on screen: its messages are read, now and as they arrive. */
  enterChat(peer: number, knownUnread = 0): void {
    this.activePeer = peer;
    void this.markRead(peer, knownUnread);
  }

  leaveChat(peer: number): void {
    if (this.activePeer === peer) this.activePeer = null;
  }

  /** `knownUnread`: the count the link to the chat carried, for a list not loaded here. */
  private async markRead(peer: number, knownUnread = 0): Promise<void> {
    if (!this.deps.isVisible()) return;
    const qc = this.deps.queryClient;
    const had = clearConversationUnread(qc, peer) ?? knownUnread;
    if (had > 0) addToUnreadTotal(qc, -had);
    patchHistory(
      qc,
      peer,
      (m) => m.from === peer && m.status === 'unread',
      (m) => ({ ...m, status: 'read' }),
    );
    try {
      await this.deps.markReadOverHttp(peer);
      this.syncUnreadTotal();
    } catch {
      // Marked again the next time the chat opens.
    }
  }

  // ---------- sending ----------

  /** Sends a message; it shows as pending until acknowledged. Answers its clientId. */
  send(
    to: number,
    msgType: MessageType,
    content: MessageContent,
    options: { preview?: string } = {},
  ): string {
    const clientId = this.deps.newClientId();
    // What is typed next is new typing, worth telling at once.
    this.lastTypingSent.delete(to);
    this.outbox.add({
      clientId,
      to,
      msgType,
      content,
      status: 'pending',
      createdAt: new Date().toISOString(),
      preview: options.preview,
      progress: msgType === 'img' ? 0 : undefined,
    });
    this.transmitNow(clientId);
    return clientId;
  }

  /** Sends a failed message again with the same clientId (the server stores it once). */
  resend(clientId: string): void {
    const entry = this.outbox.update(clientId, { status: 'pending', error: undefined });
    if (entry) this.transmitNow(clientId);
  }

  /** A person's own send or retry is also the moment to try the socket again. */
  private transmitNow(clientId: string): void {
    const wasDisconnected = this.state === 'disconnected';
    this.transmit(clientId);
    if (wasDisconnected) this.retry();
  }

  discard(clientId: string): void {
    const entry = this.outbox.remove(clientId);
    this.forgetEntry(clientId, entry);
  }

  private transmit(clientId: string): void {
    const entry = this.outbox.get(clientId);
    if (!entry) return;
    this.clearAckTimer(clientId);
    const frame = {
      type: 'send',
      clientId,
      to: entry.to,
      msgType: entry.msgType,
      content: entry.content,
    };
    if (this.state === 'connected' && this.ws) {
      const text = JSON.stringify(frame);
      try {
        this.ws.send(text);
      } catch {
        this.startAckTimer(clientId);
        return;
      }
      if (entry.msgType === 'img') this.watchUpload(clientId, text.length);
      else this.startAckTimer(clientId);
      return;
    }
    if (this.state === 'disconnected' && this.snapshot.reason !== 'elsewhere') {
      // The socket gave up: the same send over HTTP.
      const { to, msgType, content } = entry;
      this.deps.sendOverHttp({ to, msgType, content, clientId }).then(
        ({ message }) => this.onAck(clientId, message),
        (err: unknown) =>
          this.fail(
            clientId,
            err instanceof ApiError && err.code !== 0
              ? {
                  code: err.code,
                  msg: err.message,
                  upgrade: (err.data as { upgrade?: boolean } | null)?.upgrade === true,
                }
              : undefined,
          ),
      );
      return;
    }
    // Reconnecting: sent on hello, and failed if that takes too long.
    this.startAckTimer(clientId);
  }

  /** An image's progress is how much of its frame has left the socket's buffer. */
  private watchUpload(clientId: string, size: number): void {
    const ws = this.ws;
    const tick = () => {
      const left = ws?.bufferedAmount ?? 0;
      const progress = Math.min(1, Math.max(0, 1 - left / size));
      this.outbox.update(clientId, { progress });
      if (left <= 0) {
        const timer = this.progressTimers.get(clientId);
        if (timer) clearInterval(timer);
        this.progressTimers.delete(clientId);
        this.startAckTimer(clientId);
      }
    };
    this.progressTimers.set(clientId, setInterval(tick, 100));
    tick();
  }

  private startAckTimer(clientId: string): void {
    this.clearAckTimer(clientId);
    this.ackTimers.set(
      clientId,
      setTimeout(() => {
        this.ackTimers.delete(clientId);
        this.fail(clientId);
      }, ACK_TIMEOUT_MS),
    );
  }

  private clearAckTimer(clientId: string): void {
    const timer = this.ackTimers.get(clientId);
    if (timer) clearTimeout(timer);
    this.ackTimers.delete(clientId);
    const progress = this.progressTimers.get(clientId);
    if (progress) clearInterval(progress);
    this.progressTimers.delete(clientId);
  }

  private fail(clientId: string, error?: SendError): void {
    this.clearAckTimer(clientId);
    this.outbox.update(clientId, { status: 'fail', error });
  }

  private forgetEntry(clientId: string, entry: OutboxEntry | undefined): void {
    this.clearAckTimer(clientId);
    if (entry?.preview?.startsWith('blob:')) URL.revokeObjectURL(entry.preview);
  }

  // ---------- recall ----------

  /** Recalls my message (within 2 minutes); the recall event updates both sides. */
  recall(id: number, peer: number): void {
    if (this.sendFrame({ type: 'recall', id })) return;
    this.deps.recallOverHttp(id).then(
      (message) => {
        const match = (m: Message) => m.id === id;
        const patch = (m: Message) => ({ ...m, ...message });
        patchHistory(this.deps.queryClient, peer, match, patch);
        patchConversationLast(this.deps.queryClient, peer, match, patch);
      },
      () => undefined,
    );
  }
}

function readLastSeq(userId: number): number | null {
  const all = getJSON<Record<string, number>>(StorageKey.IM_LAST_SEQ, {});
  const seq = all[String(userId)];
  return typeof seq === 'number' && Number.isFinite(seq) ? seq : null;
}

function writeLastSeq(userId: number, seq: number): void {
  const all = getJSON<Record<string, number>>(StorageKey.IM_LAST_SEQ, {});
  all[String(userId)] = seq;
  setJSON(StorageKey.IM_LAST_SEQ, all);
}
