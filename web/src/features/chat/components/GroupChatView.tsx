// A group's chat, on the one-to-one chat's pieces: the page's header, the group's messages and
// system lines loaded backwards, each member's name above their messages, "Read by N" under mine,
// and the composer, which sends to the group; once the group has ended (or I am no longer in it)
// a note takes the composer's place.
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/icons';
import { PhotoViewer } from '../../../components/PhotoViewer';
import { useEmoji } from '../api/emoji';
import { useGroupHistory } from '../api/history';
import type { Message } from '../api/types';
import type { ChatExtras } from '../extras';
import { useChatConnection, useGroupOutbox } from '../hooks';
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

export function GroupChatView({
  groupId,
  name,
  lastSeq,
  me,
  member,
  header,
  display,
  closed,
  extras = {},
  onReportMessage,
}: {
  groupId: number;
  /** The group's name. */
  name: string;
  /** The group's newest event as the group's details say (read up to it on opening). */
  lastSeq: number;
  me: number | null;
  member: boolean;
  /** The bar at the top (the page's: the group, and its members). */
  header: ReactNode;
  display: GroupDisplay;
  /** Said in place of the composer: the group has ended, or I am no longer in it. */
  closed?: string;
  extras?: Pick<ChatExtras, 'renderContent' | 'composerAction' | 'banner' | 'panels'>;
  /** "Report" in the options of someone else's message (the page opens the report). */
  onReportMessage?: (message: Message) => void;
}) {
  const { t } = useTranslation();
  const connection = useChatConnection();
  const history = useGroupHistory(groupId);
  const outbox = useGroupOutbox(groupId);
  const emoji = useEmoji().data;
  const [selected, setSelected] = useState<SelectedMessage | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    connection.enterGroup(groupId, lastSeq);
    return () => connection.leaveGroup(groupId);
  }, [connection, groupId, lastSeq]);

  const shown = useMemo(() => outbox.filter((e) => e.error?.confirm !== 'harsh'), [outbox]);
  const { items, photos } = useChatItems(history.data, shown, me);
  const { page, scroller, list, top, onScroll, keepAtBottom } = useChatScroll({
    items,
    me,
    typing: false,
    history,
  });
  const { asking, sendAnyway, edit } = useHarshAsk(
    (msgType, content) => connection.sendToGroup(groupId, msgType, content, { confirmed: true }),
    outbox,
    setDraft,
  );

  const { shown: refusal, dismiss, upgradeOpen, setUpgradeOpen } = useRefusal(outbox);

  const refresh = () => void history.refetch();
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
        group={display}
        typing={false}
        emoji={emoji}
        renderContent={extras.renderContent}
        scrollerRef={scroller}
        listRef={list}
        topRef={top}
        onScroll={onScroll}
        onImageExpired={refresh}
        onOpenImage={(message) => setViewing(message.id)}
        onMessageActions={(message, at) => setSelected({ kind: 'message', message, at })}
        onOutboxActions={(entry, at) => setSelected({ kind: 'outbox', entry, at })}
        onRetry={(entry) => connection.resend(entry.clientId)}
      />
      {refusal && (
        <div className="chat-notice" role="alert" data-testid="chat-notice">
          <span className="grow">{refusal.msg}</span>
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
          onSendText={(text) => connection.sendToGroup(groupId, 'txt', { text })}
          onSendImage={(image) =>
            connection.sendToGroup(
              groupId,
              'img',
              { image: image.dataUrl },
              { preview: image.previewUrl },
            )
          }
          onTyping={() => undefined}
          onNeedMembership={() => setUpgradeOpen(true)}
          onFocus={keepAtBottom}
          action={extras.composerAction?.({ onNeedMembership: () => setUpgradeOpen(true) })}
        />
      )}
      <MessageOptions
        selected={selected}
        onClose={() => setSelected(null)}
        peer={0}
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
      />
      <UpgradeDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
      <HarshAskDialog open={asking !== undefined} onEdit={edit} onSendAnyway={sendAnyway} />
      {extras.panels}
    </div>
  );
}
