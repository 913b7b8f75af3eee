// How the server's chat events change the query cache (cache.ts): messages, receipts, recalls
// and updates, and SPEC section 4's unread rule for an incoming message.
import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '../api/types';
import {
  addToUnreadTotal,
  bumpConversation,
  patchConversationLast,
  patchHistory,
  setUnreadTotal,
  upsertHistoryMessage,
} from '../cache';
import type { ChatEvent } from './frames';
import type { Receipts } from './receipts';
import type { Sending } from './sending';
import type { Typing } from './typing';

/** What applying an event touches besides the cache. */
export interface EventContext {
  queryClient: QueryClient;
  /** My own message, stored, leaves the outbox. */
  sending: Pick<Sending, 'stored'>;
  receipts: Pick<Receipts, 'isReading' | 'owe'>;
  typing: Pick<Typing, 'stopped'>;
  /** A recall may change the unread total. */
  recalled: () => void;
}

export function applyEvent(event: ChatEvent, me: number, ctx: EventContext): void {
  const qc = ctx.queryClient;
  switch (event.kind) {
    case 'message':
      if (event.message.from === me) ctx.sending.stored(event.message.clientId, event.message);
      else receive(event.message, ctx);
      return;
    case 'receipt': {
      const ids = new Set(event.ids);
      const at = new Date().toISOString();
      const match = (m: Message) => m.from === me && ids.has(m.id);
      const patch =
        event.status === 'read'
          ? (m: Message) => ({
              ...m,
              status: m.status === 'unread' ? 'read' : m.status,
              readAt: m.readAt ?? at,
              deliveredAt: m.deliveredAt ?? at,
            })
          : (m: Message) => ({ ...m, deliveredAt: m.deliveredAt ?? at });
      patchMessage(qc, event.peer, match, patch);
      return;
    }
    case 'recall': {
      const match = (m: Message) => m.id === event.id;
      patchMessage(qc, event.peer, match, (m) => ({ ...m, status: 'recalled', content: null }));
      ctx.recalled();
      return;
    }
    case 'update': {
      const changed = event.message;
      const peer = changed.from === me ? changed.to : changed.from;
      const match = (m: Message) => m.id === changed.id;
      const patch = (m: Message) =>
        m.status === 'recalled' ? m : { ...m, content: changed.content };
      patchMessage(qc, peer, match, patch);
      return;
    }
    default:
      return;
  }
}

/** An incoming message: SPEC section 4's unread rule, receipts, and the caches. */
function receive(incoming: Message, ctx: EventContext): void {
  const qc = ctx.queryClient;
  const peer = incoming.from;
  ctx.typing.stopped(peer);
  const fresh = incoming.status === 'unread';
  if (incoming.type === 'cmd') {
    if (fresh && !incoming.deliveredAt) ctx.receipts.owe('delivered', incoming.id);
    return;
  }
  const inChat = ctx.receipts.isReading(peer);
  let message = incoming;
  if (fresh && inChat) {
    message = { ...incoming, unRead: -1, status: 'read' };
    ctx.receipts.owe('read', incoming.id);
  } else if (fresh) {
    if (!incoming.deliveredAt) ctx.receipts.owe('delivered', incoming.id);
    if (incoming.type === 'txt' || incoming.type === 'img') addToUnreadTotal(qc, 1);
  }
  upsertHistoryMessage(qc, peer, message);
  bumpConversation(qc, peer, message, fresh && !inChat ? 1 : 0);
}

/** A recall answered over HTTP: the message as it is now. */
export function storeRecalled(qc: QueryClient, peer: number, recalled: Message): void {
  patchMessage(
    qc,
    peer,
    (m) => m.id === recalled.id,
    (m) => ({ ...m, ...recalled }),
  );
}

/** The unread total, taken from the server again. */
export function refreshUnreadTotal(qc: QueryClient, fetchTotal: () => Promise<number>): void {
  fetchTotal().then(
    (total) => setUnreadTotal(qc, total),
    () => undefined,
  );
}

/** A message changes in the loaded history and, when it is the last, in the conversation list. */
function patchMessage(
  qc: QueryClient,
  peer: number,
  match: (m: Message) => boolean,
  patch: (m: Message) => Message,
): void {
  patchHistory(qc, peer, match, patch);
  patchConversationLast(qc, peer, match, patch);
}
