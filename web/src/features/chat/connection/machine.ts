// The chat connection's phases and the one table of its transitions: for a phase and an event,
// the next phase and what is to be done (SPEC sections 4 and 9). Pure: the connection (index.ts)
// runs the effects, the socket and the timers.
import type { SocketLike } from './deps';
import type { Hello } from './frames';

/** What the chat shows of the connection (ConnectionBanner). */
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
/** Close codes of the kicked frame: signed in elsewhere (206) and kicked (217). */
export const KICKED_CLOSE_CODES = [4206, 4217] as const;

/** An attempt shows as authenticating until the session has been connected or an attempt failed. */
type AttemptLabel = 'authenticating' | 'reconnecting';

export type Phase =
  | { kind: 'idle' }
  /** Attempt `attempt` has begun: an IM token is asked for when none is usable, then the socket made. */
  | { kind: 'opening'; attempt: number; shownAs: AttemptLabel }
  /** The attempt's socket is open and has a minute to say hello. */
  | { kind: 'handshake'; attempt: number; shownAs: AttemptLabel; socket: SocketLike }
  | { kind: 'connected'; socket: SocketLike }
  /** Attempt `attempt` failed (0: a live connection dropped); the next begins after `delay` ms. */
  | { kind: 'waiting'; attempt: number; delay: number }
  /** Kicked with 217: the server says whether this device's session still holds. */
  | { kind: 'checkingSession' }
  | { kind: 'disconnected'; reason: DisconnectReason };

export type ConnectionEvent =
  /** A session to connect: someone signed in, or the account changed. */
  | { type: 'signedIn' }
  /** The connection ends on purpose: a sign-out, an account switch, the app stopping. */
  | { type: 'ended' }
  /** The attempt got no IM token, or could not make a socket. */
  | { type: 'attemptFailed' }
  /** No IM user name or token to connect with (SPEC section 4). */
  | { type: 'emptyParams' }
  | { type: 'opened'; socket: SocketLike }
  | { type: 'hello'; hello: Hello }
  /** The socket closed: the server or the network closed it. */
  | { type: 'closed'; code: number }
  /** The socket is given up: silent too long, the device offline, or no hello in time. */
  | { type: 'lost' }
  /** The wait before the next attempt is over. */
  | { type: 'retryDue' }
  /** Try now: the person's Retry or send, the device back online, the chat shown again. */
  | { type: 'retry' }
  | { type: 'kicked'; code: number }
  | { type: 'sessionChecked'; valid: boolean };

/** What the table reads besides the phase, at the moment of the event. */
export interface Circumstances {
  signedIn: boolean;
  /** This session has been connected before: a new attempt is a reconnect. */
  connectedBefore: boolean;
  /** Another tab of this browser opened the socket moments ago. */
  anotherTabOpened: boolean;
}

export type Effect =
  /** Ask for an IM token when none is usable, then open the socket. */
  | { type: 'attempt' }
  /** The stored IM token may have been revoked: the next attempt asks for a new one. */
  | { type: 'renewToken' }
  /** Hello: resume after the last event processed, send again what is unsent, and the receipts. */
  | { type: 'resume'; hello: Hello }
  /** Close the socket: 1000 on purpose, 4000 given up as lost. */
  | { type: 'close'; socket: SocketLike; code: 1000 | 4000 }
  /** The socket is gone: image uploads stop following its buffer. */
  | { type: 'stopUploads' }
  /** The connection ended on purpose: nobody shows as typing any more. */
  | { type: 'forgetTyping' }
  /** SPEC section 4: "IM Accelerating..." when a live connection drops. */
  | { type: 'toast'; key: 'chat.accelerating' }
  | { type: 'checkSession' }
  /** Kicked for good: sign out, saying why (206 signed in elsewhere, else the session ended). */
  | { type: 'signOut'; code: number };

export interface Step {
  phase: Phase;
  effects: Effect[];
}

type Kind = Phase['kind'];
type EventType = ConnectionEvent['type'];
type Handler<K extends Kind, E extends EventType> = (
  phase: Extract<Phase, { kind: K }>,
  event: Extract<ConnectionEvent, { type: E }>,
  now: Circumstances,
) => Step;

const IDLE: Phase = { kind: 'idle' };

function to(phase: Phase, ...effects: Effect[]): Step {
  return { phase, effects };
}

function attempt(number: number, now: Circumstances, ...before: Effect[]): Step {
  const shownAs = now.connectedBefore || number > 1 ? 'reconnecting' : 'authenticating';
  return to({ kind: 'opening', attempt: number, shownAs }, ...before, { type: 'attempt' });
}

/** A failed attempt: the next one in 5 s, or, after the fifth, the person's Retry. */
function attemptFailed(number: number): Step {
  const renew: Effect = { type: 'renewToken' };
  if (number >= MAX_RECONNECT_ATTEMPTS)
    return to({ kind: 'disconnected', reason: 'retries' }, renew);
  return to({ kind: 'waiting', attempt: number, delay: RECONNECT_INTERVAL_MS }, renew);
}

function kicked(code: number, now: Circumstances, ...before: Effect[]): Step {
  if (code === 206 && now.anotherTabOpened) {
    // Another tab of this browser took the connection: stay signed in, let it have it.
    return to({ kind: 'disconnected', reason: 'elsewhere' }, ...before);
  }
  // 217 also follows this device's own password change, which keeps this session.
  if (code === 217) return to({ kind: 'checkingSession' }, ...before, { type: 'checkSession' });
  return to(IDLE, ...before, { type: 'signOut', code });
}

/** The socket of a handshake or a live connection closed (or was given up, 1006). */
function closed(
  phase: Extract<Phase, { kind: 'handshake' | 'connected' }>,
  code: number,
  now: Circumstances,
  ...before: Effect[]
): Step {
  const effects: Effect[] = [...before, { type: 'stopUploads' }];
  if ((KICKED_CLOSE_CODES as readonly number[]).includes(code)) {
    return kicked(code - 4000, now, ...effects, { type: 'forgetTyping' });
  }
  if (!now.signedIn) return to(IDLE, ...effects);
  if (phase.kind === 'connected') {
    // SPEC section 4: an unexpected drop reopens after 300 ms, with a toast.
    const wait: Phase = { kind: 'waiting', attempt: 0, delay: RECONNECT_DELAY_MS };
    return to(wait, ...effects, { type: 'toast', key: 'chat.accelerating' });
  }
  const next = attemptFailed(phase.attempt);
  return to(next.phase, ...effects, ...next.effects);
}

/** Ending on purpose closes the socket (when there is one) and forgets who is typing. */
function hangUp(socket?: SocketLike): Effect[] {
  const close: Effect[] = socket ? [{ type: 'close', socket, code: 1000 }] : [];
  return [...close, { type: 'forgetTyping' }];
}

function end(socket?: SocketLike): Step {
  return to(IDLE, ...hangUp(socket));
}

function lose(socket: SocketLike): Effect {
  return { type: 'close', socket, code: 4000 };
}

/** Every legal transition: an event a phase does not list is ignored there. */
const TABLE: { [K in Kind]: { [E in EventType]?: Handler<K, E> } } = {
  idle: {
    signedIn: (_, __, now) => attempt(1, now),
    ended: () => end(),
  },
  opening: {
    opened: (phase, { socket }) => to({ ...phase, kind: 'handshake', socket }),
    attemptFailed: (phase) => attemptFailed(phase.attempt),
    emptyParams: () => to({ kind: 'disconnected', reason: 'empty params' }, { type: 'renewToken' }),
    retry: (_, __, now) => attempt(1, now),
    ended: () => end(),
  },
  handshake: {
    hello: ({ socket }, { hello }) => to({ kind: 'connected', socket }, { type: 'resume', hello }),
    closed: (phase, { code }, now) => closed(phase, code, now),
    lost: (phase, _, now) => closed(phase, 1006, now, lose(phase.socket)),
    kicked: (phase, { code }, now) => kicked(code, now, ...hangUp(phase.socket)),
    // The socket under way goes on, with the count of attempts from the start again.
    retry: (phase) => to({ ...phase, attempt: 0 }),
    ended: ({ socket }) => end(socket),
  },
  connected: {
    closed: (phase, { code }, now) => closed(phase, code, now),
    lost: (phase, _, now) => closed(phase, 1006, now, lose(phase.socket)),
    kicked: (phase, { code }, now) => kicked(code, now, ...hangUp(phase.socket)),
    ended: ({ socket }) => end(socket),
  },
  waiting: {
    retryDue: (phase, _, now) => attempt(phase.attempt + 1, now),
    retry: (_, __, now) => attempt(1, now),
    ended: () => end(),
  },
  checkingSession: {
    sessionChecked: (_, { valid }, now) =>
      valid ? attempt(1, now, { type: 'renewToken' }) : to(IDLE, { type: 'signOut', code: 217 }),
    retry: (_, __, now) => attempt(1, now),
    ended: () => end(),
  },
  disconnected: {
    retry: (_, __, now) => attempt(1, now),
    ended: () => end(),
  },
};

/** The next phase and its effects; null when the phase ignores the event. */
export function transition(phase: Phase, event: ConnectionEvent, now: Circumstances): Step | null {
  const handler = TABLE[phase.kind][event.type] as Handler<Kind, EventType> | undefined;
  return handler ? handler(phase, event, now) : null;
}

/** What the chat shows in a phase; null while the session is checked (it shows no change). */
export function snapshotOf(phase: Phase): ConnectionSnapshot | null {
  switch (phase.kind) {
    case 'opening':
    case 'handshake':
      return { state: phase.shownAs };
    case 'waiting':
      return { state: 'reconnecting' };
    case 'disconnected':
      return { state: 'disconnected', reason: phase.reason };
    case 'checkingSession':
      return null;
    default:
      return { state: phase.kind };
  }
}

/** The socket of the phase, when it has one. */
export function socketOf(phase: Phase): SocketLike | null {
  return phase.kind === 'handshake' || phase.kind === 'connected' ? phase.socket : null;
}
