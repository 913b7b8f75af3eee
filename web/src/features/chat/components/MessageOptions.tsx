// What a long press (or right click) on a message offers: Recall (asked first) and Delete for a
// stored one (and in a group, Report for someone else's), Retry and Delete for one that failed to
// send. The sheet opens on the half of the screen away from the finger.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionSheet, ConfirmDialog, type SheetAction } from '../../../components/Dialog';
import { useDeleteGroupMessages, useDeleteMessages } from '../api/delete-messages';
import type { Message } from '../api/types';
import { canRecall } from '../display';
import { useChatConnection } from '../hooks';
import type { OutboxEntry } from '../outbox';
import type { PressPoint } from './use-message-actions';

export type SelectedMessage = (
  { kind: 'message'; message: Message } | { kind: 'outbox'; entry: OutboxEntry }
) & {
  /** Where the options were asked for: they open on the other half of the screen. */
  at: PressPoint;
};

/** The options sheet rises from the bottom, unless the finger is in the lower half. */
function sheetAwayFrom(at: PressPoint | undefined): string {
  return at && at.y > window.innerHeight / 2 ? 'sheet-top' : '';
}

export function MessageOptions({
  selected,
  onClose,
  peer,
  groupId,
  name,
  me,
  onReport,
}: {
  /** The message whose options are open, or null. */
  selected: SelectedMessage | null;
  onClose: () => void;
  peer: number;
  /** In a group's chat: recalled and deleted for me in the group. */
  groupId?: number;
  /** The partner, as the header names them (the group's name in a group). */
  name: string;
  me: number | null;
  /** Reports someone else's message (in a group: the page opens the report). */
  onReport?: (message: Message) => void;
}) {
  const { t } = useTranslation();
  const connection = useChatConnection();
  const deleteMessages = useDeleteMessages(peer);
  const deleteGroupMessages = useDeleteGroupMessages(groupId ?? 0);
  const [recalling, setRecalling] = useState<Message | null>(null);

  const actions: SheetAction[] = [];
  if (selected?.kind === 'message') {
    const message = selected.message;
    if (canRecall(message, me, { windowMs: connection.recallWindowMs })) {
      actions.push({ label: t('chat.recall'), onSelect: () => setRecalling(message) });
    }
    if (onReport && message.from !== me) {
      actions.push({ label: t('chat.report'), onSelect: () => onReport(message) });
    }
    actions.push({
      label: t('chat.delete'),
      danger: true,
      onSelect: () =>
        groupId === undefined
          ? deleteMessages.mutate([message.id])
          : deleteGroupMessages.mutate([message.id]),
    });
  } else if (selected?.kind === 'outbox') {
    const entry = selected.entry;
    if (entry.status === 'fail') {
      actions.push({
        label: t('common.retry'),
        onSelect: () => connection.resend(entry.clientId),
      });
    }
    actions.push({
      label: t('chat.delete'),
      danger: true,
      onSelect: () => connection.discard(entry.clientId),
    });
  }

  return (
    <>
      <ActionSheet
        open={selected !== null}
        onClose={onClose}
        title={t('chat.messageActions')}
        actions={actions}
        className={sheetAwayFrom(selected?.at)}
      />
      <ConfirmDialog
        open={recalling !== null}
        title={t('chat.recallTitle')}
        message={t('chat.recallBody', { name })}
        confirmLabel={t('chat.recall')}
        danger
        onCancel={() => setRecalling(null)}
        onConfirm={() => {
          if (recalling && groupId !== undefined) connection.recallInGroup(recalling.id, groupId);
          else if (recalling) connection.recall(recalling.id, peer);
          setRecalling(null);
        }}
      />
    </>
  );
}
