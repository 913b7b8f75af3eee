// What a one-to-one chat and a group's chat share: the bar the view hands over, the connection
// note, the messages loaded backwards with those still being sent, a refusal's notice, the
// composer (or why nothing can be sent any more), a message's options, the photo viewer, and the
// dialogs for "Are you sure?" and "Upgrade now". Each view says where its messages go.
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/icons';
import { PhotoViewer } from '../../../components/PhotoViewer';
import { useEmoji } from '../api/emoji';
import type { useHistory } from '../api/history';
import type { Message, MessageContent, MessageType } from '../api/types';
import type { ChatExtras } from '../extras';
import { useChatConnection } from '../hooks';
import type { OutboxEntry } from '../outbox';
import { HarshAskDialog, UpgradeDialog } from './ChatDialogs';
import { Composer, type Draft } from './Composer';
import { ConnectionBanner } from './ConnectionBanner';
import { type GroupDisplay, MessageList } from './MessageList';
import { MessageOptions, type SelectedMessage } from './MessageOptions';
import { useChatItems } from './use-chat-items';
import { useChatScroll } from './use-chat-scroll';
import { useHarshAsk } from './use-harsh-ask';
import { useRefusal } from './use-refusal';
import './chat.css';

/** Sends a message where the chat's messages go (the person, or the group). */
export type ChatSend = (
  msgType: MessageType,
  content: MessageContent,
  options?: { preview?: string; confirmed?: boolean },
) => void;

export function ChatFrame({
  history,
  outbox,
  me,
  member,
  name,
  typing,
  header,
  group,
  peer,
  groupId,
  notice,
  closed,
  extras,
  send,
  onSent,
  onTyping,
  onImageExpired,
  onPhotoError,
  onReport,
  onReportMessage,
}: {
  history: ReturnType<typeof useHistory>;
  /** My messages still being sent (or refused) in this chat. */
  outbox: readonly OutboxEntry[];
  me: number | null;
  member: boolean;
  /** The person's name (or my remark for them), or the group's. */
  name: string;
  /** The person is typing. */
  typing: boolean;
  header: ReactNode;
  /** A group's chat: the members' names and the system lines. */
  group?: GroupDisplay;
  /** The person of a one-to-one chat (0 in a group's). */
  peer: number;
  groupId?: number;
  /** Said above the composer before anything is sent: what the server will refuse. */
  notice?: string;
  /** Said in place of the composer: nothing can be sent here any more. */
  closed?: string;
  extras: ChatExtras;
  send: ChatSend;
  /** I sent a text or a picture. */
  onSent?: () => void;
  onTyping: () => void;
  /** A picture's signed address ran out. */
  onImageExpired: () => void;
  onPhotoError?: (src: string) => void;
  onReport?: (message: Message) => Promise<unknown>;
  /** "Report" in the options of someone else's message. */
  onReportMessage?: (message: Message) => void;
}) {
  const { t } = useTranslation();
  const connection = useChatConnection();
  const emoji = useEmoji().data;
  const [selected, setSelected] = useState<SelectedMessage | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  // A text put back in the composer.
  const [draft, setDraft] = useState<Draft | null>(null);

  const shown = useMemo(() => outbox.filter((e) => e.error?.confirm !== 'harsh'), [outbox]);
  const { items, photos } = useChatItems(history.data, shown, me);
  const { page, scroller, list, top, onScroll, keepAtBottom } = useChatScroll({
    items,
    me,
    typing,
    history,
  });

  const { asking, sendAnyway, edit } = useHarshAsk(
    (msgType, content) => send(msgType, content, { confirmed: true }),
    outbox,
    setDraft,
  );

  // A refusal from the server: the notice shows its reason; a membership one offers Upgrade.
  const { refused, shown: refusal, dismiss, upgradeOpen, setUpgradeOpen } = useRefusal(outbox);

  const shownPhoto =
    viewing === null
      ? null
      : Math.max(
          0,
          photos.findIndex((p) => p.id === viewing),
        );

  return (
    <div className="chat-page" ref={page}>
      {header}
      <ConnectionBanner />
      {extras.banner}
      <MessageList
        history={history}
        items={items}
        me={me}
        name={name}
        group={group}
        typing={typing}
        emoji={emoji}
        renderContent={extras.renderContent}
        scrollerRef={scroller}
        listRef={list}
        topRef={top}
        onScroll={onScroll}
        onImageExpired={onImageExpired}
        onOpenImage={(message) => setViewing(message.id)}
        onReport={onReport}
        onMessageActions={(message, at) => setSelected({ kind: 'message', message, at })}
        onOutboxActions={(entry, at) => setSelected({ kind: 'outbox', entry, at })}
        onRetry={(entry) => connection.resend(entry.clientId)}
      />
      {notice && (
        <p className="chat-notice" role="note" data-testid="composer-notice">
          {notice}
        </p>
      )}
      {refusal && refusal.msg !== notice && (
        <div className="chat-notice" role="alert" data-testid="chat-notice">
          <span className="grow">{refusal.msg}</span>
          {refused && extras.refusalAction?.(refused)}
          <button
            type="button"
            className="icon-btn"
            aria-label={t('common.close')}
            onClick={dismiss}
          >
            <CloseIcon size={18} />
          </button>
        </div>
      )}
      {closed ? (
        <p className="chat-notice" role="note" data-testid="group-closed">
          {closed}
        </p>
      ) : (
        <Composer
          member={member}
          draft={draft}
          onSendText={(text) => {
            send('txt', { text });
            onSent?.();
          }}
          onSendImage={(image) => {
            send('img', { image: image.dataUrl }, { preview: image.previewUrl });
            onSent?.();
          }}
          onTyping={onTyping}
          onNeedMembership={() => setUpgradeOpen(true)}
          onFocus={keepAtBottom}
          plusActions={extras.plusActions}
          action={extras.composerAction?.({ onNeedMembership: () => setUpgradeOpen(true) })}
          suggest={extras.suggest}
        />
      )}
      <MessageOptions
        selected={selected}
        onClose={() => setSelected(null)}
        peer={peer}
        groupId={groupId}
        name={name}
        me={me}
        onReport={onReportMessage}
      />
      <PhotoViewer
        photos={photos}
        index={shownPhoto}
        onIndex={(index) => setViewing(photos[index]?.id ?? null)}
        onClose={() => setViewing(null)}
        onPhotoError={onPhotoError}
      />
      <UpgradeDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
      <HarshAskDialog open={asking !== undefined} onEdit={edit} onSendAnyway={sendAnyway} />
      {extras.panels}
    </div>
  );
}
