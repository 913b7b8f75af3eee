// The chat connection (docs/im-protocol.md): the one owner of the /im socket. It follows the
// session, runs the state machine of machine.ts with its socket and timers, and hands each frame
// to what owns it: sending, events, receipts, typing and the event sequence.
import type { QueryClient } from '@tanstack/react-query';
import { getStoredLanguage } from '../../../i18n/languages';
import { StorageKey, getString, setString } from '../../../lib/storage';
import type { ImToken, Message, MessageContent, MessageType } from '../api/types';
import { RECALL_WINDOW_MS } from '../display';
import { Outbox } from '../outbox';
import { type ConnectionDeps, type SocketLike, defaultDeps } from './deps';
import { type EventContext, applyEvent, refreshUnreadTotal, storeRecalled } from './events';
import {
  type ClientFrame,
  type GroupEvent,
  type Hello,
  type ServerFrame,
  parseFrame,
} from './frames';
import { GroupCursors } from './group-cursors';
import { applyGroupEvent } from './group-events';
import {
  type ConnectionEvent,
  type ConnectionSnapshot,
  type ConnectionState,
  type Effect,
  type Phase,
  snapshotOf,
  socketOf,
  transition,
} from './machine';
import { Receipts } from './receipts';
import { Sending, routeOf } from './sending';
import { EventSequence } from './sequence';
import { Typing } from './typing';

export type { ConnectionDeps, SocketLike } from './deps';
export {
  type ConnectionSnapshot,
  type ConnectionState,
  type DisconnectReason,
  KICKED_CLOSE_CODES,
  MAX_RECONNECT_ATTEMPTS,
  RECONNECT_DELAY_MS,
  RECONNECT_INTERVAL_MS,
} from './machine';
export { ACK_TIMEOUT_MS } from './sending';
export type { GroupEvent } from './frames';

/** Something happened in a group: an event (a message, a system line, a recall), or my send stored. */
export interface GroupActivity {
  groupId: number;
  event: GroupEvent;
}
export { TYPING_SHOWN_MS, TYPING_THROTTLE_MS } from './typing';

/** Connect-socket time-out (SPEC section 9): the socket has this long to say hello. */
export const CONNECT_TIMEOUT_MS = 60_000;
/** The server pings every 25 s and drops a connection silent for 60 s; the client does the same. */
export const PING_INTERVAL_MS = 25_000;
export const SILENCE_LIMIT_MS = 60_000;
/** A 206 this soon after another tab of this browser opened its socket is that tab taking over. */
const SIBLING_TAKEOVER_MS = 15_000;

/** The signed-in session the connection belongs to; a new one (login, account switch) starts afresh. */
interface Session {
  token: string;
  /** The stored IM token cannot be used: the next attempt asks for a new one. */
  needToken: boolean;
  socketPath: string;
  /** Connected at least once: a new attempt is a reconnect. */
  connectedBefore: boolean;
}

export class ChatConnection {
  readonly outbox = new Outbox();
  /** How long after sending I may recall a message (the server's setting, from hello). */
  recallWindowMs = RECALL_WINDOW_MS;
  /** Whether the server refuses chats between people of the same gender (from hello). */
  sameGenderBlocked = true;

  private readonly deps: ConnectionDeps;
  private readonly sending: Sending;
  private readonly typing: Typing;
  private readonly receipts: Receipts;
  private readonly sequence: EventSequence;
  private readonly groups = new GroupCursors();
  private groupListeners = new Set<(activity: GroupActivity) => void>();
  private readonly eventContext: EventContext;

  private phase: Phase = { kind: 'idle' };
  private snapshot: ConnectionSnapshot = { state: 'idle' };
  private listeners = new Set<() => void>();
  /** Cancels the current phase's timer (see armTimer). */
  private cancelTimer: (() => void) | null = null;
  /** When the socket last said anything (the heartbeat's silence limit). */
  private lastHeard = 0;
  private session: Session | null = null;
  /** Stops following the session and the browser; null while not started. */
  private stopFollowing: (() => void) | null = null;
  private siblingOpenedAt = 0;

  constructor(deps: Partial<ConnectionDeps> & { queryClient: QueryClient }) {
    this.deps = { ...defaultDeps(deps.queryClient), ...deps };
    const { queryClient } = this.deps;
    const refreshUnread = () => refreshUnreadTotal(queryClient, this.deps.fetchUnreadTotal);
    this.sending = new Sending(this.outbox, this.deps, () =>
      routeOf(this.phase, this.deps.isOnline()),
    );
    this.typing = new Typing(this.sendFrame);
    this.receipts = new Receipts(this.deps, this.sendFrame, refreshUnread);
    this.sequence = new EventSequence(refreshUnread);
    this.eventContext = {
      queryClient,
      sending: this.sending,
      receipts: this.receipts,
      typing: this.typing,
      recalled: () => {
        if (this.sequence.caughtUp) refreshUnread();
      },
    };
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

  /** Follows what happens in my groups (the groups list and an open group's members). */
  subscribeGroups = (listener: (activity: GroupActivity) => void): (() => void) => {
    this.groupListeners.add(listener);
    return () => this.groupListeners.delete(listener);
  };

  subscribeTyping = (listener: () => void): (() => void) => this.typing.subscribe(listener);

  isTyping(peer: number): boolean {
    return this.typing.isTyping(peer);
  }

  // ---------- life cycle ----------

  /** Connects while someone is signed in, and follows logins, logouts and account switches. */
  start(): void {
    if (this.stopFollowing) return;
    const unsubscribe = this.deps.subscribeSession(() => this.onSession());
    const { events, channel } = this.deps;
    events?.addEventListener('online', this.onOnline);
    events?.addEventListener('offline', this.onOffline);
    events?.addEventListener('visibilitychange', this.onVisibility);
    if (channel) channel.onmessage = this.onSibling;
    this.stopFollowing = () => {
      unsubscribe();
      events?.removeEventListener('online', this.onOnline);
      events?.removeEventListener('offline', this.onOffline);
      events?.removeEventListener('visibilitychange', this.onVisibility);
      if (channel) channel.onmessage = null;
    };
    this.onSession();
  }

  stop(): void {
    if (!this.stopFollowing) return;
    this.stopFollowing();
    this.stopFollowing = null;
    this.endOnPurpose({ type: 'ended' });
    this.session = null;
  }

  /** The manual Retry after the connection gave up. */
  retry(): void {
    if (this.deps.isLoggedIn()) this.dispatch({ type: 'retry' });
  }

  private onSession(): void {
    const token = this.deps.isLoggedIn() ? this.deps.sessionToken() : null;
    if (token === (this.session?.token ?? null)) return;
    this.endOnPurpose({ type: 'ended' });
    // Leaving an account forgets what it left unsent. A message written before the connection
    // first started (the chat opened while the connection's code was still loading) is the
    // signed-in person's own: it stays, and leaves on the first hello.
    if (this.session) this.forgetAccount();
    this.sequence.reset();
    this.groups.reset();
    this.session = token
      ? { token, needToken: true, socketPath: '/im', connectedBefore: false }
      : null;
    if (token) this.dispatch({ type: 'signedIn' });
  }

  /** Ending on purpose (or kicked): the receipts owed go first, while the socket still takes them. */
  private endOnPurpose(event: ConnectionEvent): void {
    this.receipts.flush();
    this.dispatch(event);
  }

  /** What belonged to the account that was signed in: unsent messages and receipts. */
  private forgetAccount(): void {
    this.outbox.clear();
    this.receipts.forget();
  }

  private onOnline = (): void => {
    const { state } = this.snapshot;
    if (state === 'reconnecting' || state === 'disconnected') this.retry();
  };

  /** Offline: the socket is given up, and unsent messages wait for the network, pending. */
  private onOffline = (): void => {
    this.dispatch({ type: 'lost' });
    this.sending.hold();
  };

  private onVisibility = (): void => {
    if (!this.deps.isVisible()) return;
    if (this.phase.kind === 'disconnected') this.retry();
    this.receipts.shown();
    const group = this.receipts.groupOnScreen;
    if (group !== null) this.receipts.oweGroupRead(group, this.groups.lastOf(group));
  };

  private onSibling = (ev: { data: unknown }): void => {
    const data = ev.data as { type?: string; user?: string } | null;
    if (data?.type === 'open' && data.user === getString(StorageKey.IM_USER_NAME)) {
      this.siblingOpenedAt = Date.now();
    }
  };

  // ---------- the state machine ----------

  private dispatch(event: ConnectionEvent): void {
    const step = transition(this.phase, event, {
      signedIn: this.deps.isLoggedIn(),
      connectedBefore: this.session?.connectedBefore ?? false,
      anotherTabOpened: Date.now() - this.siblingOpenedAt < SIBLING_TAKEOVER_MS,
    });
    if (!step) return;
    const left = this.phase;
    this.phase = step.phase;
    this.armTimer(left);
    this.publish();
    for (const effect of step.effects) this.run(effect);
  }

  private publish(): void {
    const next = snapshotOf(this.phase);
    if (!next || (next.state === this.snapshot.state && next.reason === this.snapshot.reason)) {
      return;
    }
    this.snapshot = next;
    for (const l of this.listeners) l();
  }

  private run(effect: Effect): void {
    switch (effect.type) {
      case 'attempt':
        void this.attempt();
        return;
      case 'renewToken':
        if (this.session) this.session.needToken = true;
        return;
      case 'resume':
        this.resume(effect.hello);
        return;
      case 'close':
        close(effect.socket, effect.code);
        return;
      case 'stopUploads':
        this.sending.stopUploads();
        return;
      case 'forgetTyping':
        this.typing.clear();
        return;
      case 'toast':
        this.deps.toast(this.deps.t(effect.key));
        return;
      case 'checkSession':
        void this.checkSession();
        return;
      case 'signOut':
        this.signOut(effect.code);
        return;
    }
  }

  /**
   * Each phase has at most one timer, which runs until that phase is left: the wait before the
   * next attempt, the minute a new socket has to say hello, or the heartbeat of a live one.
   */
  private armTimer(left: Phase): void {
    const next = this.phase;
    if (left.kind === next.kind && timerOwner(left) === timerOwner(next)) return;
    this.cancelTimer?.();
    this.cancelTimer = null;
    if (next.kind === 'waiting') {
      this.cancelTimer = after(next.delay, () => this.dispatch({ type: 'retryDue' }));
    } else if (next.kind === 'handshake') {
      this.cancelTimer = after(CONNECT_TIMEOUT_MS, () => this.dispatch({ type: 'lost' }));
    } else if (next.kind === 'connected') {
      this.lastHeard = Date.now();
      const heartbeat = setInterval(() => this.heartbeat(), PING_INTERVAL_MS);
      this.cancelTimer = () => clearInterval(heartbeat);
    }
  }

  private heartbeat(): void {
    if (Date.now() - this.lastHeard > SILENCE_LIMIT_MS) this.dispatch({ type: 'lost' });
    else this.sendFrame({ type: 'ping' });
  }

  // ---------- connecting ----------

  /** One attempt: an IM token when none is usable, then the socket (SPEC section 4). */
  private async attempt(): Promise<void> {
    const opening = this.phase;
    const session = this.session;
    if (!session) return;
    if (session.needToken) {
      try {
        const token = await this.deps.fetchToken();
        if (this.phase !== opening) return;
        session.socketPath = storeImToken(token);
        session.needToken = false;
      } catch {
        if (this.phase === opening && this.deps.isLoggedIn()) {
          this.dispatch({ type: 'attemptFailed' });
        }
        return;
      }
    }
    const user = getString(StorageKey.IM_USER_NAME);
    const accessToken = getString(StorageKey.IM_TOKEN);
    if (!user || !accessToken) {
      this.dispatch({ type: 'emptyParams' });
      return;
    }
    // The app's language for the server's words on the socket (a browser's socket carries the
    // browser's Accept-Language, not the language chosen in the app).
    const query = new URLSearchParams({
      user,
      accessToken,
      lang: getStoredLanguage().abbr,
    }).toString();
    const sep = session.socketPath.includes('?') ? '&' : '?';
    let socket: SocketLike;
    try {
      socket = this.deps.createSocket(
        `${this.deps.socketOrigin()}${session.socketPath}${sep}${query}`,
      );
    } catch {
      this.dispatch({ type: 'attemptFailed' });
      return;
    }
    this.listenTo(socket);
    this.deps.channel?.postMessage({ type: 'open', user });
    this.dispatch({ type: 'opened', socket });
  }

  private listenTo(socket: SocketLike): void {
    socket.onmessage = (ev) => {
      if (socket !== socketOf(this.phase)) return;
      this.lastHeard = Date.now();
      const frame = parseFrame(ev.data);
      if (frame) this.onFrame(frame);
    };
    socket.onclose = (ev) => {
      if (socket === socketOf(this.phase)) this.dispatch({ type: 'closed', code: ev.code });
    };
    socket.onerror = () => {
      // A close event follows.
    };
  }

  private async checkSession(): Promise<void> {
    const checking = this.phase;
    const valid = await this.deps.sessionStillValid();
    if (this.phase === checking) this.dispatch({ type: 'sessionChecked', valid });
  }

  private signOut(code: number): void {
    this.session = null;
    this.forgetAccount();
    this.deps.queryClient.clear();
    this.deps.toast(
      this.deps.t(code === 206 ? 'chat.signedInElsewhere' : 'errors.sessionExpired'),
      'error',
    );
    this.deps.signOut();
  }

  /** Sends a frame on the live connection; false when there is none or it refused. */
  private sendFrame = (frame: ClientFrame): boolean => {
    if (this.phase.kind !== 'connected') return false;
    try {
      this.phase.socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  };

  // ---------- frames ----------

  private onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'hello':
        this.dispatch({ type: 'hello', hello: frame });
        break;
      case 'event':
        if (this.sequence.me === null || !this.sequence.isNew(frame.seq)) break;
        applyEvent(frame.event, this.sequence.me, this.eventContext);
        this.sequence.processed(frame.seq);
        break;
      case 'groupEvent':
        this.onGroupEvent(frame.groupId, frame.seq, frame.event);
        break;
      case 'ack':
        if (typeof frame.groupId === 'number') {
          this.onGroupAck(frame.groupId, frame.clientId, frame.seq, frame.message);
          break;
        }
        // The ack of the next event in my sequence stands for that event, my own copy of the
        // message: the server sends it no further on this connection (docs/im-protocol.md).
        this.sending.stored(frame.clientId, frame.message);
        if (this.sequence.isNext(frame.seq)) this.sequence.processed(frame.seq);
        break;
      case 'error':
        if (!this.sending.refused(frame)) {
          this.deps.toast(frame.msg || this.deps.t('errors.generic'), 'error');
        }
        break;
      case 'typing':
        this.typing.started(frame.from);
        break;
      case 'kicked':
        this.endOnPurpose({ type: 'kicked', code: frame.code });
        break;
      default:
        break;
    }
  }

  /** A group's event, once: into the cache, then to whoever follows the groups. */
  private onGroupEvent(groupId: number, seq: number, event: GroupEvent): void {
    const me = this.sequence.me;
    if (me === null || !this.groups.isNew(groupId, seq)) return;
    applyGroupEvent(groupId, seq, event, me, this.groupContext());
    this.groups.processed(groupId, seq);
    this.tellGroups({ groupId, event });
  }

  /** My group message stored: the ack stands for the group's next event (as one-to-one). */
  private onGroupAck(groupId: number, clientId: string, seq: number, message: Message): void {
    const stored: Message = { ...message, chatType: 'groupChat', to: groupId };
    this.sending.stored(clientId, stored);
    if (!this.groups.isNext(groupId, seq)) return;
    this.groups.processed(groupId, seq);
    if (this.receipts.isReadingGroup(groupId)) this.receipts.oweGroupRead(groupId, seq);
    this.tellGroups({ groupId, event: { kind: 'message', message: stored } });
  }

  private groupContext() {
    return { queryClient: this.deps.queryClient, sending: this.sending, receipts: this.receipts };
  }

  private tellGroups(activity: GroupActivity): void {
    for (const listener of this.groupListeners) listener(activity);
  }

  private resume(hello: Hello): void {
    if (typeof hello.recallMinutes === 'number' && hello.recallMinutes >= 0) {
      this.recallWindowMs = hello.recallMinutes * 60_000;
    }
    if (typeof hello.sameGenderBlocked === 'boolean') {
      this.sameGenderBlocked = hello.sameGenderBlocked;
    }
    setString(StorageKey.IM_USER_ID, String(hello.userId));
    if (this.session) this.session.connectedBefore = true;
    const lastSeq = this.sequence.hello(hello.userId, hello.lastSeq);
    const groups = this.groups.hello(hello.userId, hello.groups);
    this.sendFrame({ type: 'resume', lastSeq, groups });
    this.sending.transmitPending();
    this.receipts.flush();
    this.sequence.resumed();
  }

  // ---------- the open chat ----------

  /** The chat with `peer` is on screen: its messages are read, now and as they arrive. */
  enterChat(peer: number, knownUnread = 0): void {
    this.receipts.enterChat(peer, knownUnread);
  }

  leaveChat(peer: number): void {
    this.receipts.leaveChat(peer);
  }

  /** The group's chat is on screen: read up to the newest event known (`lastSeq`: the group's). */
  enterGroup(groupId: number, lastSeq = 0): void {
    this.receipts.enterGroup(groupId, Math.max(lastSeq, this.groups.lastOf(groupId)));
  }

  leaveGroup(groupId: number): void {
    this.receipts.leaveGroup(groupId);
  }

  /** Tells the person I am typing, at most every 3 s. */
  sendTyping(to: number): void {
    this.typing.tell(to);
  }

  // ---------- sending ----------

  /** Sends a message; it shows as pending until acknowledged. Answers its clientId. `confirmed`:
   * sent anyway after "Are you sure?". */
  send(
    to: number,
    msgType: MessageType,
    content: MessageContent,
    options: { preview?: string; confirmed?: boolean } = {},
  ): string {
    const clientId = this.deps.newClientId();
    this.typing.sent(to);
    const { preview, confirmed } = options;
    this.sending.add({ clientId, to, msgType, content, preview, confirmed });
    this.transmitNow(clientId);
    return clientId;
  }

  /** Sends a message to a group; pending until acknowledged, like one to a person. */
  sendToGroup(
    groupId: number,
    msgType: MessageType,
    content: MessageContent,
    options: { preview?: string; confirmed?: boolean } = {},
  ): string {
    const clientId = this.deps.newClientId();
    const { preview, confirmed } = options;
    this.sending.add({ clientId, to: groupId, groupId, msgType, content, preview, confirmed });
    this.transmitNow(clientId);
    return clientId;
  }

  /** Sends a failed message again with the same clientId (the server stores it once). */
  resend(clientId: string): void {
    if (this.sending.retry(clientId)) this.transmitNow(clientId);
  }

  discard(clientId: string): void {
    this.sending.discard(clientId);
  }

  /** A person's own send or retry is also the moment to try the socket again. */
  private transmitNow(clientId: string): void {
    const gaveUp = this.phase.kind === 'disconnected';
    this.sending.transmit(clientId);
    if (gaveUp) this.retry();
  }

  /** Recalls my message (within 2 minutes); the recall event updates both sides. */
  recall(id: number, peer: number): void {
    if (this.sendFrame({ type: 'recall', id })) return;
    this.deps.recallOverHttp(id).then(
      (message) => storeRecalled(this.deps.queryClient, peer, message),
      () => undefined,
    );
  }

  /** Recalls my message in a group; the recall comes back as the group's event. */
  recallInGroup(id: number, groupId: number): void {
    if (this.sendFrame({ type: 'recall', id, groupId })) return;
    this.deps.recallInGroupOverHttp(id, groupId).then(
      (message) =>
        applyGroupEvent(groupId, 0, { kind: 'recall', id: message.id }, -1, this.groupContext()),
      () => undefined,
    );
  }
}

/** Stores the IM token and user (SPEC section 3's keys); answers the socket's path. */
function storeImToken(token: ImToken): string {
  setString(StorageKey.IM_TOKEN, token.token);
  setString(StorageKey.IM_USER_NAME, token.emUser);
  const id = token.emUser.replace(/^u/, '');
  if (/^\d+$/.test(id)) setString(StorageKey.IM_USER_ID, id);
  return token.url || '/im';
}

/** Closes a socket that is no longer listened to: 1000 on purpose, 4000 given up as lost. */
function close(socket: SocketLike, code: 1000 | 4000): void {
  socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
  try {
    socket.close(code, code === 1000 ? 'bye' : 'lost');
  } catch {
    // already closed
  }
}

/** What a phase's timer belongs to: the same owner in the same kind of phase keeps it running. */
function timerOwner(phase: Phase): object | null {
  if (phase.kind === 'waiting') return phase;
  return socketOf(phase);
}

function after(ms: number, then: () => void): () => void {
  const timer = setTimeout(then, ms);
  return () => clearTimeout(timer);
}
