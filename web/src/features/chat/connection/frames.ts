// The frames of the /im socket (docs/im-protocol.md): what the server sends, what the client
// sends, and reading a server frame off the wire.
import type { Message, MessageContent, MessageType } from '../api/types';

export interface Hello {
  type: 'hello';
  userId: number;
  lastSeq: number;
  recallMinutes?: number;
  sameGenderBlocked?: boolean;
  /** The newest number of each group I am in: {"<groupId>": lastSeq}. */
  groups?: Record<string, number>;
}

/** What happened in a group, numbered in the group's own sequence. */
export type GroupEvent = { kind: 'message'; message: Message } | { kind: 'recall'; id: number };

export interface ErrorFrame {
  type: 'error';
  clientId?: string | null;
  code: number;
  msg: string;
  data?: { upgrade?: boolean; recharge?: string; confirm?: string } | null;
}

export type ServerFrame =
  | Hello
  | { type: 'event'; seq: number; event: ChatEvent }
  | { type: 'groupEvent'; groupId: number; seq: number; event: GroupEvent }
  /** `groupId` set: `seq` is the group's number, not mine. */
  | { type: 'ack'; clientId: string; seq: number; message: Message; groupId?: number | null }
  | ErrorFrame
  | { type: 'typing'; from: number }
  | { type: 'kicked'; code: number }
  | { type: 'pong' };

export type ChatEvent =
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

export type ClientFrame =
  | { type: 'resume'; lastSeq: number; groups?: Record<string, number> }
  | {
      type: 'send';
      clientId: string;
      /** The person, or else the group (`groupId`). */
      to?: number;
      groupId?: number;
      msgType: MessageType;
      content: MessageContent;
      /** Sent anyway after "Are you sure?". */
      confirmed?: boolean;
    }
  | { type: 'delivered' | 'read'; ids: number[] }
  | { type: 'read'; groupId: number; upTo: number }
  | { type: 'typing'; to: number }
  | { type: 'recall'; id: number; groupId?: number }
  | { type: 'ping' };

/** A text frame as the server sent it; null for anything else. */
export function parseFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as ServerFrame;
  } catch {
    return null;
  }
}
