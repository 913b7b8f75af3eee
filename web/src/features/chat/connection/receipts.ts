// Delivery and read receipts: the `delivered` and `read` frames this device owes the server, sent
// together once the current task is done (or after the next hello), and the chat on screen,
// whose messages are read when it opens, as they arrive, and when it comes back into view.
import { addToUnreadTotal, clearConversationUnread, patchHistory } from '../cache';
import type { ConnectionDeps } from './deps';
import type { ClientFrame } from './frames';

export class Receipts {
  private read: number[] = [];
  private delivered: number[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The person whose chat is open. */
  private openChat: number | null = null;
  /** The group whose chat is open, and how far each group is owed read. */
  private openGroup: number | null = null;
  private groupReads = new Map<number, number>();

  constructor(
    private readonly deps: Pick<ConnectionDeps, 'queryClient' | 'isVisible' | 'markReadOverHttp'>,
    private readonly send: (frame: ClientFrame) => boolean,
    private readonly refreshUnreadTotal: () => void,
  ) {}

  owe(kind: 'read' | 'delivered', id: number): void {
    (kind === 'read' ? this.read : this.delivered).push(id);
    this.timer ??= setTimeout(() => this.flush(), 0);
  }

  /** Sends what is owed; what the socket cannot take now waits for the next hello. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.read.length && this.send({ type: 'read', ids: this.read })) this.read = [];
    if (this.delivered.length && this.send({ type: 'delivered', ids: this.delivered })) {
      this.delivered = [];
    }
    for (const [groupId, upTo] of this.groupReads) {
      if (this.send({ type: 'read', groupId, upTo })) this.groupReads.delete(groupId);
    }
  }

  /** The account changed: what the last one owed goes with it. */
  forget(): void {
    this.read = [];
    this.delivered = [];
    this.groupReads.clear();
  }

  /** The group's chat is on screen: read up to `upTo`, and what arrives as it arrives. */
  enterGroup(groupId: number, upTo: number): void {
    this.openGroup = groupId;
    this.oweGroupRead(groupId, upTo);
  }

  leaveGroup(groupId: number): void {
    if (this.openGroup === groupId) this.openGroup = null;
  }

  /** The group whose chat is open, if any. */
  get groupOnScreen(): number | null {
    return this.openGroup;
  }

  /** What comes in the group now is read at once: its chat is open and in view. */
  isReadingGroup(groupId: number): boolean {
    return this.openGroup === groupId && this.deps.isVisible();
  }

  /** The group is read up to its event `upTo` (only ever further). */
  oweGroupRead(groupId: number, upTo: number): void {
    if (upTo <= 0 || !this.deps.isVisible()) return;
    if (upTo <= (this.groupReads.get(groupId) ?? 0)) return;
    this.groupReads.set(groupId, upTo);
    this.timer ??= setTimeout(() => this.flush(), 0);
  }

  /** The chat with `peer` is on screen: its messages are read, now and as they arrive. */
  enterChat(peer: number, knownUnread: number): void {
    this.openChat = peer;
    void this.markRead(peer, knownUnread);
  }

  leaveChat(peer: number): void {
    if (this.openChat === peer) this.openChat = null;
  }

  /** What comes from `peer` now is read at once: their chat is open and in view. */
  isReading(peer: number): boolean {
    return this.openChat === peer && this.deps.isVisible();
  }

  /** The app is in view again: the open chat's new messages are read. */
  shown(): void {
    if (this.openChat !== null) void this.markRead(this.openChat, 0);
  }

  /** `knownUnread`: the count the link to the chat carried, for a list not loaded here. */
  private async markRead(peer: number, knownUnread: number): Promise<void> {
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
      this.refreshUnreadTotal();
    } catch {
      // Marked again the next time the chat opens.
    }
  }
}
