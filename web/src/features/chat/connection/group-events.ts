// How a group's events change the query cache: its messages and system lines into the loaded
// group chat, recalls, and the read mark of the group on screen.
import type { QueryClient } from '@tanstack/react-query';
import { patchGroupHistory, upsertGroupMessage } from '../cache';
import type { GroupEvent } from './frames';
import type { Receipts } from './receipts';
import type { Sending } from './sending';

export interface GroupEventContext {
  queryClient: QueryClient;
  /** My own message, stored, leaves the outbox. */
  sending: Pick<Sending, 'stored'>;
  receipts: Pick<Receipts, 'isReadingGroup' | 'oweGroupRead'>;
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
      if (ctx.receipts.isReadingGroup(groupId)) ctx.receipts.oweGroupRead(groupId, seq);
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
