// The message-view contract: a chat message as the chat and the features drawing inside it
// (wallet, translate) see it, and how its content reads (docs/im-protocol.md). It lives here,
// below the features, because features never import each other.

/** What a message carries: {text}, {code}, {url, thumb}, a gift or a red packet. */
export type MessageContentView = Readonly<Record<string, unknown>>;

/** A message as the chat shows it, stored or still in this device's outbox. */
export interface MessageView {
  type: string;
  content: MessageContentView | null;
  mine: boolean;
  /** Not stored yet (still in this device's outbox). */
  pending: boolean;
  /** The stored message's id and time (absent while it is in the outbox). */
  id?: number;
  createdAt?: string;
  /** Theirs, and it arrived while this chat was open (its unread mark is -1, SPEC section 4). */
  arrivedInChat?: boolean;
  /** My newest translation of it the server keeps (translated on arrival, or asked before). */
  translation?: { target: string; text: string } | undefined;
}

/** A send of this device the server refused. */
export interface RefusedSend {
  msgType: string;
  /** The refusal: its code, and the recharge page's tab that buys what was missing. */
  error?: { code: number; recharge?: 'gold' | 'character' } | undefined;
}

function stringField(content: MessageContentView | null | undefined, key: string) {
  const value = content?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** A text message's text ('' when it has none). */
export function textOf(content: MessageContentView | null | undefined): string {
  return stringField(content, 'text') ?? '';
}

/** An emoji message's code. */
export function emojiCodeOf(content: MessageContentView | null | undefined): string | undefined {
  return stringField(content, 'code');
}

/** A photo's full URL and the one to show in the bubble (its thumbnail, else the full one). */
export function imageOf(content: MessageContentView | null | undefined): {
  url?: string;
  thumb?: string;
} {
  const url = stringField(content, 'url');
  return { url, thumb: stringField(content, 'thumb') ?? url };
}
