// The chat domain's wire types: the OpenAPI document the server publishes (src/lib/api-schema.d.ts,
// `npm run gen:api`), with the message content and status narrowed to what docs/im-protocol.md
// defines.
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

export type Card = Schemas['Card'];
export type ImToken = Schemas['ImToken'];
export type Emoji = Schemas['Emoji'];

/** txt, emoji, img, custom and cmd are sent; gift and redPacket are the wallet's, loc (a place)
 * the places', audio (a voice message) the voice feature's. */
export type MessageType =
  'txt' | 'emoji' | 'img' | 'custom' | 'cmd' | 'gift' | 'redPacket' | 'loc' | 'audio';

/** Stored statuses; `pending` and `fail` exist only on this device (see outbox.ts). */
export type MessageStatus = 'unread' | 'read' | 'recalled' | 'deleted';

export interface MessageContent {
  text?: string;
  code?: string;
  url?: string;
  thumb?: string;
  action?: string;
  [key: string]: unknown;
}

/** A message as one side of the conversation sees it. */
export type Message = Omit<Schemas['Message'], 'type' | 'content' | 'status'> & {
  type: MessageType | (string & {});
  /** Null once recalled or deleted. */
  content: MessageContent | null;
  status: MessageStatus | (string & {});
  /** -1: read on arrival because its chat was open (SPEC section 4); client side only. */
  unRead?: number;
};

export type Conversation = Omit<Schemas['Conversation'], 'lastMessage'> & { lastMessage: Message };

/** A message the server took, with my sequence number for it. */
export type Sent = Omit<Schemas['SentView'], 'message'> & { message: Message };

export interface Page<T> {
  rows: T[];
  total: number;
}

/** What the chat page receives as JSON in its `data` query parameter (SPEC section 3). */
export interface ChatTarget {
  userId: number;
  userName: string;
  emUser: string;
  avatar: string;
  sex: string | number;
  unRead: number;
}

/** Why the server refused a message: its localized msg, and `upgrade` for members-only. */
export interface SendError {
  code: number;
  msg: string;
  upgrade: boolean;
  /** The recharge page's tab that buys what the send lacked (coins for a gift or red packet). */
  recharge?: 'gold' | 'character';
  /** "Are you sure?": the message may hurt, and goes only when sent again `confirmed`. */
  confirm?: 'harsh';
}
