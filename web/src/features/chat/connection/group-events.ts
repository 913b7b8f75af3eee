// How a group's events change the query cache: its messages and system lines into the loaded
// group chat, recalls, and the read mark of the group on screen.
import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '../api/types';
import { patchGroupHistory, upsertGroupMessage } from '../cache';
import type { GroupEvent } from './frames';
import type { Receipts } from './receipts';
import type { Sending } from './sending';

export interface GroupEventContext {
  queryClient: QueryClient;
  /** My own message, stored, leaves the outbox. */
  sending: Pick<Sending, 'stored'>;
  receipts: Pick<Receipts, 'isReadingGroup' | 'oweGroupRead' | 'leaveGroup'>;
}

/** Whether `id` is the `{id, name}` of someone a system line names. */
function names(someone: unknown, id: number): boolean {
  return typeof someone === 'object' && someone !== null && (someone as { id?: unknown }).id === id;
}

/**
 * A system line that takes me out of the group (I was removed, or left on another device): the
 * group is no longer mine to read, and the server would refuse my read of it.
 */
function takesMeOut(message: Message, me: number): boolean {
  if (message.type !== 'system' || !message.content) return false;
  const { action, by, people } = message.content;
  const named = Array.isArray(people) && people.some((p) => names(p, me));
  return action === 'removed' ? named : action === 'left' && (names(by, me) || named);
}

export function applyGroupEvent(
  groupId: number,
  seq: number,
  event: GroupEvent,
  me: number,
  ctx: GroupEventContext,
): void {
  const qc = ctx.queryClient;
  switch (event.kind) {
    case 'message': {
      const { message } = event;
      if (message.from === me && message.type !== 'system') {
        ctx.sending.stored(message.clientId, { ...message, chatType: 'groupChat', to: groupId });
      } else {
        upsertGroupMessage(qc, groupId, message);
      }
      if (takesMeOut(message, me)) ctx.receipts.leaveGroup(groupId);
      else if (ctx.receipts.isReadingGroup(groupId)) ctx.receipts.oweGroupRead(groupId, seq);
      return;
    }
    case 'recall':
      patchGroupHistory(
        qc,
        groupId,
        (m) => m.id === event.id,
        (m) => ({ ...m, status: 'recalled', content: null }),
      );
      return;
    default:
      return;
  }
}
