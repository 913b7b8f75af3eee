import type { SocketLike } from './deps';
import {
  type Circumstances,
  type ConnectionEvent,
  MAX_RECONNECT_ATTEMPTS,
  type Phase,
  RECONNECT_DELAY_MS,
  RECONNECT_INTERVAL_MS,
  type Step,
  snapshotOf,
  transition,
} from './machine';

const socket = { send: () => undefined } as unknown as SocketLike;
const hello = { type: 'hello', userId: 42, lastSeq: 0 } as const;
const signedIn: Circumstances = { signedIn: true, connectedBefore: false, anotherTabOpened: false };
const reconnect: Circumstances = { ...signedIn, connectedBefore: true };

const idle: Phase = { kind: 'idle' };
const connected: Phase = { kind: 'connected', socket };
const handshake: Phase = { kind: 'handshake', attempt: 1, shownAs: 'authenticating', socket };

function step(phase: Phase, event: ConnectionEvent, now = signedIn): Step {
  const next = transition(phase, event, now);
  if (!next) throw new Error(`${phase.kind} ignores ${event.type}`);
  return next;
}

/** The phase after the events, each of which must be legal where it arrives. */
function after(phase: Phase, events: ConnectionEvent[], now = signedIn): Phase {
  return events.reduce((at, event) => step(at, event, now).phase, phase);
}

describe('the transition table', () => {
  it('ignores an event the phase does not take', () => {
    expect(transition(idle, { type: 'hello', hello }, signedIn)).toBeNull();
    expect(transition(idle, { type: 'lost' }, signedIn)).toBeNull();
    expect(transition(connected, { type: 'retry' }, signedIn)).toBeNull();
    expect(transition(connected, { type: 'signedIn' }, signedIn)).toBeNull();
    expect(
      transition(
        { kind: 'opening', attempt: 1, shownAs: 'authenticating' },
        { type: 'lost' },
        signedIn,
      ),
    ).toBeNull();
    expect(
      transition({ kind: 'disconnected', reason: 'retries' }, { type: 'retryDue' }, signedIn),
    ).toBeNull();
  });

  it('signs in: the first attempt authenticates, asks for the socket, and connects on hello', () => {
    const start = step(idle, { type: 'signedIn' });
    expect(start).toEqual({
      phase: { kind: 'opening', attempt: 1, shownAs: 'authenticating' },
      effects: [{ type: 'attempt' }],
    });
    const opened = step(start.phase, { type: 'opened', socket });
    expect(opened.phase).toEqual(handshake);
    expect(snapshotOf(opened.phase)).toEqual({ state: 'authenticating' });
    expect(step(opened.phase, { type: 'hello', hello })).toEqual({
      phase: connected,
      effects: [{ type: 'resume', hello }],
    });
  });

  it('reconnects 300 ms after a live connection drops, with the toast', () => {
    const drop = step(connected, { type: 'closed', code: 1006 }, reconnect);
    expect(drop.phase).toEqual({ kind: 'waiting', attempt: 0, delay: RECONNECT_DELAY_MS });
    expect(drop.effects).toContainEqual({ type: 'toast', key: 'chat.accelerating' });
    expect(snapshotOf(drop.phase)).toEqual({ state: 'reconnecting' });
    expect(step(drop.phase, { type: 'retryDue' }, reconnect)).toEqual({
      phase: { kind: 'opening', attempt: 1, shownAs: 'reconnecting' },
      effects: [{ type: 'attempt' }],
    });
  });

  it('gives a lost socket up with close code 4000, then reconnects like after a drop', () => {
    const lost = step(connected, { type: 'lost' }, reconnect);
    expect(lost.effects[0]).toEqual({ type: 'close', socket, code: 4000 });
    expect(lost.phase).toEqual({ kind: 'waiting', attempt: 0, delay: RECONNECT_DELAY_MS });
  });

  it('tries 5 times 5 s apart, each time with a new IM token, then waits for Retry', () => {
    let phase = step(idle, { type: 'signedIn' }).phase;
    for (let attempt = 1; attempt < MAX_RECONNECT_ATTEMPTS; attempt++) {
      const failed = step(phase, { type: 'attemptFailed' });
      expect(failed).toEqual({
        phase: { kind: 'waiting', attempt, delay: RECONNECT_INTERVAL_MS },
        effects: [{ type: 'renewToken' }],
      });
      phase = step(failed.phase, { type: 'retryDue' }).phase;
      expect(phase).toMatchObject({
        kind: 'opening',
        attempt: attempt + 1,
        shownAs: 'reconnecting',
      });
    }
    const gaveUp = step(phase, { type: 'attemptFailed' });
    expect(gaveUp.phase).toEqual({ kind: 'disconnected', reason: 'retries' });
    expect(snapshotOf(gaveUp.phase)).toEqual({ state: 'disconnected', reason: 'retries' });
    expect(step(gaveUp.phase, { type: 'retry' }).phase).toMatchObject({
      kind: 'opening',
      attempt: 1,
    });
  });

  it('counts a socket that closes before hello as a failed attempt', () => {
    const fifth: Phase = { ...handshake, attempt: MAX_RECONNECT_ATTEMPTS, shownAs: 'reconnecting' };
    expect(step(handshake, { type: 'closed', code: 1006 }).phase).toEqual({
      kind: 'waiting',
      attempt: 1,
      delay: RECONNECT_INTERVAL_MS,
    });
    expect(step(fifth, { type: 'closed', code: 1006 }).phase).toEqual({
      kind: 'disconnected',
      reason: 'retries',
    });
  });

  it('keeps the socket under way on Retry, counting the attempts from the start again', () => {
    const later: Phase = { ...handshake, attempt: 3, shownAs: 'reconnecting' };
    expect(step(later, { type: 'retry' })).toEqual({
      phase: { ...later, attempt: 0 },
      effects: [],
    });
  });

  it('does not reconnect a connection that closed after signing out', () => {
    const signedOut = { ...reconnect, signedIn: false };
    expect(step(connected, { type: 'closed', code: 1006 }, signedOut)).toEqual({
      phase: idle,
      effects: [{ type: 'stopUploads' }],
    });
  });

  it('ends on purpose from any phase: the socket closes with 1000 and typing is forgotten', () => {
    expect(step(connected, { type: 'ended' })).toEqual({
      phase: idle,
      effects: [{ type: 'close', socket, code: 1000 }, { type: 'forgetTyping' }],
    });
    const waiting: Phase = { kind: 'waiting', attempt: 2, delay: RECONNECT_INTERVAL_MS };
    expect(step(waiting, { type: 'ended' }).effects).toEqual([{ type: 'forgetTyping' }]);
  });
});

describe('kicked', () => {
  it('signs out when signed in elsewhere', () => {
    expect(step(connected, { type: 'kicked', code: 206 })).toEqual({
      phase: idle,
      effects: [
        { type: 'close', socket, code: 1000 },
        { type: 'forgetTyping' },
        { type: 'signOut', code: 206 },
      ],
    });
  });

  it('stays signed in when another tab of this browser took the connection', () => {
    const now = { ...reconnect, anotherTabOpened: true };
    const next = step(connected, { type: 'closed', code: 4206 }, now);
    expect(next.phase).toEqual({ kind: 'disconnected', reason: 'elsewhere' });
    expect(next.effects).not.toContainEqual(expect.objectContaining({ type: 'signOut' }));
  });

  it('checks the session after a 217, without changing what the chat shows meanwhile', () => {
    const checking = step(connected, { type: 'closed', code: 4217 }, reconnect);
    expect(checking.phase).toEqual({ kind: 'checkingSession' });
    expect(checking.effects.at(-1)).toEqual({ type: 'checkSession' });
    expect(snapshotOf(checking.phase)).toBeNull();

    expect(step(checking.phase, { type: 'sessionChecked', valid: true }, reconnect)).toEqual({
      phase: { kind: 'opening', attempt: 1, shownAs: 'reconnecting' },
      effects: [{ type: 'renewToken' }, { type: 'attempt' }],
    });
    expect(step(checking.phase, { type: 'sessionChecked', valid: false })).toEqual({
      phase: idle,
      effects: [{ type: 'signOut', code: 217 }],
    });
  });

  it('ignores the answer of a session check that comes after the connection ended', () => {
    const ended = after(connected, [{ type: 'closed', code: 4217 }, { type: 'ended' }]);
    expect(ended).toEqual(idle);
    expect(transition(ended, { type: 'sessionChecked', valid: true }, signedIn)).toBeNull();
  });
});
