// Messages this device has sent and the server has not yet acknowledged: `pending` until the
// ack, `fail` when refused or not acknowledged in time (SPEC section 3). They live only here and
// are shown after the stored history of their conversation until their stored copy arrives.
import type { MessageContent, MessageType, SendError } from './api/types';

export interface OutboxEntry {
  /** The id the server dedupes on: a retry reuses it. */
  clientId: string;
  /** The person it goes to; for a group's message, the group's id (as `groupId`). */
  to: number;
  /** Set for a message to a group. */
  groupId?: number;
  msgType: MessageType;
  /** What is sent: {text}, {code}, or {image: dataURL}. */
  content: MessageContent;
  status: 'pending' | 'fail';
  createdAt: string;
  /** The server's refusal; absent when the failure was a time-out or a lost connection. */
  error?: SendError;
  /** Upload progress of an image, 0 to 1. */
  progress?: number;
  /** A local URL to show an image before the server has it. */
  preview?: string;
  /** Sent anyway after "Are you sure?" (the server asks about words that may hurt). */
  confirmed?: boolean;
}

type Listener = () => void;
const NONE: readonly OutboxEntry[] = [];

export class Outbox {
  private entries = new Map<string, OutboxEntry>();
  /** Per conversation: `p<userId>` for a person, `g<groupId>` for a group. */
  private snapshots = new Map<string, readonly OutboxEntry[]>();
  private listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The unsent messages to one person, oldest first (the same array until one changes). */
  forPeer(peer: number): readonly OutboxEntry[] {
    return this.snapshots.get(`p${peer}`) ?? NONE;
  }

  /** The unsent messages to a group, oldest first. */
  forGroup(groupId: number): readonly OutboxEntry[] {
    return this.snapshots.get(`g${groupId}`) ?? NONE;
  }

  get(clientId: string): OutboxEntry | undefined {
    return this.entries.get(clientId);
  }

  all(): OutboxEntry[] {
    return [...this.entries.values()];
  }

  add(entry: OutboxEntry): void {
    this.entries.set(entry.clientId, entry);
    this.changed(threadOf(entry));
  }

  update(clientId: string, patch: Partial<OutboxEntry>): OutboxEntry | undefined {
    const entry = this.entries.get(clientId);
    if (!entry) return undefined;
    const next = { ...entry, ...patch };
    this.entries.set(clientId, next);
    this.changed(threadOf(entry));
    return next;
  }

  remove(clientId: string): OutboxEntry | undefined {
    const entry = this.entries.get(clientId);
    if (!entry) return undefined;
    this.entries.delete(clientId);
    this.changed(threadOf(entry));
    return entry;
  }

  clear(): void {
    const threads = new Set([...this.entries.values()].map(threadOf));
    this.entries.clear();
    for (const thread of threads) this.changed(thread);
  }

  private changed(thread: string): void {
    const list = [...this.entries.values()].filter((e) => threadOf(e) === thread);
    if (list.length) this.snapshots.set(thread, list);
    else this.snapshots.delete(thread);
    for (const l of this.listeners) l();
  }
}

function threadOf(entry: OutboxEntry): string {
  return entry.groupId === undefined ? `p${entry.to}` : `g${entry.groupId}`;
}
