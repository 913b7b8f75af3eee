// What the chat lists, oldest first: the stored messages it shows, then the unsent ones of the
// outbox that have no stored copy yet, each marked where a new day begins; and, for the photo
// viewer, the conversation's photos.
import { useMemo } from 'react';
import { imageOf } from '../../../lib/message-view';
import type { HistoryData } from '../api/history';
import type { Message } from '../api/types';
import { dayKey } from '../display';
import type { OutboxEntry } from '../outbox';

/** A photo of the conversation, for the viewer. */
export interface ChatPhoto {
  /** The message it came in. */
  id: number;
  /** The full picture. */
  src: string;
}

type Listed =
  | { kind: 'message'; key: string; at: string; message: Message }
  | { kind: 'outbox'; key: string; at: string; entry: OutboxEntry };

/** `at`: when it was sent (for an unsent one, when it was written); `newDay`: the first of its day. */
export type ChatItem = Listed & { newDay: boolean };

export function useChatItems(
  history: Pick<HistoryData, 'pages'> | undefined,
  outbox: readonly OutboxEntry[],
  me: number | null,
): { items: ChatItem[]; photos: ChatPhoto[] } {
  const items = useMemo(() => markDays(listed(history, outbox, me)), [history, outbox, me]);
  const photos = useMemo(() => items.flatMap(photoOf), [items]);
  return { items, photos };
}

/** Commands and messages I deleted are not shown; the history comes newest first. */
function listed(
  history: Pick<HistoryData, 'pages'> | undefined,
  outbox: readonly OutboxEntry[],
  me: number | null,
): Listed[] {
  const stored = (history?.pages ?? [])
    .flatMap((p) => p.rows)
    .filter((m) => m.type !== 'cmd' && m.status !== 'deleted')
    .reverse();
  const known = new Set(stored.filter((m) => m.from === me).map((m) => m.clientId));
  return [
    ...stored.map((message): Listed => ({
      kind: 'message',
      key: `m${message.id}`,
      at: message.createdAt,
      message,
    })),
    ...outbox
      .filter((entry) => !known.has(entry.clientId))
      .map((entry): Listed => ({
        kind: 'outbox',
        key: `c${entry.clientId}`,
        at: entry.createdAt,
        entry,
      })),
  ];
}

/** The day separator goes above the first item of each day. */
function markDays(items: Listed[]): ChatItem[] {
  return items.map((item, i) => {
    const previous = items[i - 1];
    return { ...item, newDay: !previous || dayKey(previous.at) !== dayKey(item.at) };
  });
}

function photoOf(item: ChatItem): ChatPhoto[] {
  if (item.kind !== 'message' || item.message.type !== 'img') return [];
  const { url } = imageOf(item.message.content);
  return url ? [{ id: item.message.id, src: url }] : [];
}
