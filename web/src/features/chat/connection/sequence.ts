// Where this device is in its account's event sequence (docs/im-protocol.md, "Sequences"): the
// last event processed, stored per account so that a reconnect resumes right after it, and
// whether the replay that follows hello is over.
import { StorageKey, getJSON, setJSON } from '../../../lib/storage';

export class EventSequence {
  /** My user id, from hello; null until the session's first hello. */
  me: number | null = null;
  private last = 0;
  /** The server's newest sequence at hello: once processed, the replay is over. */
  private replayUntil = 0;
  private replayed = false;

  /** `onCaughtUp`: the replay is over (the unread total is then taken from the server again). */
  constructor(private readonly onCaughtUp: () => void) {}

  get caughtUp(): boolean {
    return this.replayed;
  }

  /** A new session: nothing known of it until its hello. */
  reset(): void {
    this.me = null;
    this.replayed = false;
  }

  /** Hello from the server: answers the sequence number to resume after. */
  hello(userId: number, serverSeq: number): number {
    this.me = userId;
    const stored = readLastSeq(userId);
    // A device that never connected skips the history (the REST history has it); a stored
    // number above the server's belongs to a database that no longer exists.
    this.last = stored !== null && stored <= serverSeq ? stored : serverSeq;
    writeLastSeq(userId, this.last);
    this.replayUntil = serverSeq;
    return this.last;
  }

  /** Right after hello: with nothing to replay, the replay is over at once. */
  resumed(): void {
    if (this.last >= this.replayUntil) this.catchUp();
  }

  /** Event `seq` has not been processed here yet. */
  isNew(seq: number): boolean {
    return this.me !== null && seq > this.last;
  }

  /** An ack's `seq` that is the next number stands for that event, my own copy of the message. */
  isNext(seq: number): boolean {
    return this.me !== null && seq === this.last + 1;
  }

  /** Event `seq` is processed: it is where the next resume starts. */
  processed(seq: number): void {
    if (this.me === null) return;
    this.last = seq;
    writeLastSeq(this.me, seq);
    if (!this.replayed && seq >= this.replayUntil) this.catchUp();
  }

  private catchUp(): void {
    this.replayed = true;
    this.onCaughtUp();
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
