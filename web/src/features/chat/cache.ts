// How chat events change the query cache: the conversation list, each loaded conversation's
// history and the unread total. The connection (connection/) and the chat mutations call these;
// nothing else writes chat data into the cache.
import type { QueryClient } from '@tanstack/react-query';
import { getUnreadNumber, setUnreadNumber } from '../../lib/unread-number';
import type { ConversationsData } from './api/conversations';
import type { HistoryData } from './api/history';
import { chatKeys } from './api/keys';
import type { Message } from './api/types';

type HistoryKey = ReturnType<typeof chatKeys.history> | ReturnType<typeof chatKeys.groupHistory>;

function mapHistoryAt(qc: QueryClient, key: HistoryKey, fn: (data: HistoryData) => HistoryData) {
  readAgainAfterLoading(qc, key);
  qc.setQueryData<HistoryData>(key, (data) => (data ? fn(data) : data));
}

/**
 * A conversation being read now may have been read before this change, and would replace it when
 * it lands (a message sent just as the chat opened would vanish): once it has landed, it is read
 * again.
 */
function readAgainAfterLoading(qc: QueryClient, key: HistoryKey) {
  const cache = qc.getQueryCache();
  const query = cache.find({ queryKey: key, exact: true });
  if (query?.state.fetchStatus !== 'fetching') return;
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || query.state.fetchStatus === 'fetching') return;
    unsubscribe();
    void qc.invalidateQueries({ queryKey: key, exact: true });
  });
}

function mapHistory(qc: QueryClient, peer: number, fn: (data: HistoryData) => HistoryData): void {
  mapHistoryAt(qc, chatKeys.history(peer), fn);
}

/** A newer copy of a message never undoes what is known already: read, delivered, recalled. */
function merge(old: Message, next: Message): Message {
  const status =
    old.status === 'recalled' || (old.status === 'read' && next.status === 'unread')
      ? old.status
      : next.status;
  return {
    ...next,
    status,
    content: status === 'recalled' ? null : next.content,
    readAt: next.readAt ?? old.readAt,
    deliveredAt: next.deliveredAt ?? old.deliveredAt,
    unRead: next.unRead ?? old.unRead,
  };
}

/** Adds a message to a loaded conversation, or refreshes the copy it holds (same id or clientId). */
export function upsertHistoryMessage(qc: QueryClient, peer: number, message: Message): void {
  mapHistory(qc, peer, (data) => upserted(data, message));
}

/** Adds a message or system line to a loaded group chat, or refreshes the copy it holds. */
export function upsertGroupMessage(qc: QueryClient, groupId: number, message: Message): void {
  mapHistoryAt(qc, chatKeys.groupHistory(groupId), (data) => upserted(data, message));
}

/** Changes the messages of a loaded group chat that `match` picks. */
export function patchGroupHistory(
  qc: QueryClient,
  groupId: number,
  match: (m: Message) => boolean,
  patch: (m: Message) => Message,
): void {
  mapHistoryAt(qc, chatKeys.groupHistory(groupId), (data) => patched(data, match, patch));
}

function upserted(data: HistoryData, message: Message): HistoryData {
  let found = false;
  const pages = data.pages.map((page) => {
    const i = page.rows.findIndex(
      (m) =>
        m.id === message.id ||
        (message.clientId !== '' && m.clientId === message.clientId && m.from === message.from),
    );
    if (i < 0) return page;
    found = true;
    const rows = page.rows.slice();
    const old = rows[i];
    rows[i] = old ? merge(old, message) : message;
    return { ...page, rows };
  });
  if (found) return { ...data, pages };
  const [first, ...rest] = pages;
  if (!first) return data;
  // Newest first: it goes before the first older message.
  const at = first.rows.findIndex((m) => m.id < message.id);
  const rows = first.rows.slice();
  rows.splice(at < 0 ? rows.length : at, 0, message);
  return { ...data, pages: [{ rows, total: first.total + 1 }, ...rest] };
}

/** Changes the messages of a loaded conversation that `match` picks. */
export function patchHistory(
  qc: QueryClient,
  peer: number,
  match: (m: Message) => boolean,
  patch: (m: Message) => Message,
): void {
  mapHistory(qc, peer, (data) => patched(data, match, patch));
}

function patched(
  data: HistoryData,
  match: (m: Message) => boolean,
  patch: (m: Message) => Message,
): HistoryData {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.rows.some(match)
        ? { ...page, rows: page.rows.map((m) => (match(m) ? patch(m) : m)) }
        : page,
    ),
  };
}

export function removeFromHistory(qc: QueryClient, peer: number, ids: readonly number[]): void {
  mapHistory(qc, peer, (data) => without(data, ids));
}

/** Drops messages from a loaded group chat (hidden from my history only). */
export function removeFromGroupHistory(
  qc: QueryClient,
  groupId: number,
  ids: readonly number[],
): void {
  mapHistoryAt(qc, chatKeys.groupHistory(groupId), (data) => without(data, ids));
}

function without(data: HistoryData, ids: readonly number[]): HistoryData {
  return {
    ...data,
    pages: data.pages.map((page) => {
      const rows = page.rows.filter((m) => !ids.includes(m.id));
      return rows.length === page.rows.length
        ? page
        : { rows, total: page.total - (page.rows.length - rows.length) };
    }),
  };
}

/**
 * Moves the conversation with `peer` to the top with its new last message. A conversation the list
 * has not loaded needs the person's card, so the list is fetched again instead.
 */
export function bumpConversation(
  qc: QueryClient,
  peer: number,
  message: Message,
  unreadDelta: number,
): void {
  const data = qc.getQueryData<ConversationsData>(chatKeys.conversations());
  if (!data) return;
  const current = data.pages.flatMap((p) => p.rows).find((c) => c.peer.userId === peer);
  if (!current) {
    void qc.invalidateQueries({ queryKey: chatKeys.conversations() });
    return;
  }
  // A list fetched after the message was stored counts it already (a replayed event).
  const newer = message.id > current.lastMessage.id;
  const updated = {
    ...current,
    lastMessage: message.id >= current.lastMessage.id ? message : current.lastMessage,
    unread: Math.max(0, current.unread + (newer ? unreadDelta : 0)),
  };
  const pages = data.pages.map((page) => ({
    ...page,
    rows: page.rows.filter((c) => c.peer.userId !== peer),
  }));
  const [first, ...rest] = pages;
  if (!first) return;
  qc.setQueryData<ConversationsData>(chatKeys.conversations(), {
    ...data,
    pages: [{ ...first, rows: [updated, ...first.rows] }, ...rest],
  });
}

/** Changes a conversation's last message in place (receipts, recalls). */
export function patchConversationLast(
  qc: QueryClient,
  peer: number,
  match: (m: Message) => boolean,
  patch: (m: Message) => Message,
): void {
  qc.setQueryData<ConversationsData>(chatKeys.conversations(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            rows: page.rows.map((c) =>
              c.peer.userId === peer && match(c.lastMessage)
                ? { ...c, lastMessage: patch(c.lastMessage) }
                : c,
            ),
          })),
        }
      : data,
  );
}

/** Clears a conversation's unread count; answers how many it had (undefined when not loaded). */
export function clearConversationUnread(qc: QueryClient, peer: number): number | undefined {
  const data = qc.getQueryData<ConversationsData>(chatKeys.conversations());
  const had = data?.pages.flatMap((p) => p.rows).find((c) => c.peer.userId === peer)?.unread;
  if (!data || !had) return had;
  qc.setQueryData<ConversationsData>(chatKeys.conversations(), {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      rows: page.rows.map((c) => (c.peer.userId === peer ? { ...c, unread: 0 } : c)),
    })),
  });
  return had;
}

/** The unread total: the query cache and UNREAD_NUMBER move together. */
export function setUnreadTotal(qc: QueryClient, total: number): void {
  const next = Math.max(0, total);
  qc.setQueryData<number>(chatKeys.unread(), next);
  setUnreadNumber(next);
}

export function addToUnreadTotal(qc: QueryClient, delta: number): void {
  setUnreadTotal(qc, (qc.getQueryData<number>(chatKeys.unread()) ?? getUnreadNumber()) + delta);
}
