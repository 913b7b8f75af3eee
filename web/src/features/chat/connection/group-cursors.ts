// Where this device is in each of its groups' sequences (docs/im-protocol.md, "Groups"): every
// group numbers its events on its own, so the device keeps one cursor per group, stored per
// account like the one-to-one number, and resumes each group right after its cursor.
import { StorageKey, getJSON, setJSON } from '../../../lib/storage';

type Cursors = Record<string, number>;

export class GroupCursors {
  private me: number | null = null;
  private last = new Map<number, number>();

  /** A new session: nothing known of it until its hello. */
  reset(): void {
    this.me = null;
    this.last.clear();
  }

  /**
   * Hello from the server, with the newest number of each group I am in: answers the `groups` of
   * the resume frame. A group this device has no cursor for starts at the server's number (its
   * history comes with the list, as one-to-one); a stored cursor above the server's belongs to a
   * database that no longer exists. A group I have left or been removed from while away is
   * resumed once more, so that what ended it arrives, and then forgotten.
   */
  hello(userId: number, serverGroups: Readonly<Record<string, number>> | undefined): Cursors {
    this.me = userId;
    const stored = readCursors(userId);
    const resume: Cursors = {};
    this.last.clear();
    for (const [id, serverSeq] of Object.entries(serverGroups ?? {})) {
      const groupId = Number(id);
      if (!Number.isInteger(groupId) || typeof serverSeq !== 'number') continue;
      const mine = stored[id];
      const last = typeof mine === 'number' && mine <= serverSeq ? mine : serverSeq;
      this.last.set(groupId, last);
      resume[id] = last;
    }
    for (const [id, seq] of Object.entries(stored)) {
      if (!(id in resume) && typeof seq === 'number') resume[id] = seq;
    }
    this.write();
    return resume;
  }

  /** The last event processed in a group (0 when none). */
  lastOf(groupId: number): number {
    return this.last.get(groupId) ?? 0;
  }

  /** Event `seq` of the group has not been processed here yet. */
  isNew(groupId: number, seq: number): boolean {
    return this.me !== null && seq > this.lastOf(groupId);
  }

  /**
   * An ack whose `seq` is the group's next number stands for that event. A group this device
   * has no cursor for yet (made since hello) takes the ack's number as its own.
   */
  isNext(groupId: number, seq: number): boolean {
    if (this.me === null) return false;
    const last = this.last.get(groupId);
    return last === undefined || seq === last + 1;
  }

  /** Event `seq` of the group is processed: where its next resume starts. */
  processed(groupId: number, seq: number): void {
    if (this.me === null || seq <= this.lastOf(groupId)) return;
    this.last.set(groupId, seq);
    this.write();
  }

  private write(): void {
    if (this.me === null) return;
    const all = getJSON<Record<string, Cursors>>(StorageKey.IM_GROUP_SEQ, {});
    all[String(this.me)] = Object.fromEntries(this.last);
    setJSON(StorageKey.IM_GROUP_SEQ, all);
  }
}

function readCursors(userId: number): Cursors {
  const all = getJSON<Record<string, Cursors>>(StorageKey.IM_GROUP_SEQ, {});
  const mine = all[String(userId)];
  return typeof mine === 'object' && mine !== null ? mine : {};
}
