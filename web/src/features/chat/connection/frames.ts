// The frames of the /im socket (docs/im-protocol.md): what the server sends, what the client
// sends, and reading a server frame off the wire.
import type { Message, MessageContent, MessageType } from '../api/types';

export interface Hello {
  type: 'hello';
  userId: number;
  lastSeq: number;
  recallMinutes?: number;
  sameGenderBlocked?: boolean;
}

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
  | { type: 'ack'; clientId: string; seq: number; message: Message }
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
  | { type: 'resume'; lastSeq: number }
  | {
      type: 'send';
      clientId: string;
      to: number;
      msgType: MessageType;
      content: MessageContent;
      /** Sent anyway after "Are you sure?". */
      confirmed?: boolean;
    }
  | { type: 'delivered' | 'read'; ids: number[] }
  | { type: 'typing'; to: number }
  | { type: 'recall'; id: number }
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
