// The chat with one person (SPEC section 2, on a dark background): the partner in the header,
// the history loaded backwards as the person scrolls up, the messages still being sent, the
// photos in the photo viewer, and the composer, which stays above the soft keyboard. A
// message the server asks about ("Are you sure?") goes back to the composer while a dialog asks.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/icons';
import { PhotoViewer } from '../../../components/PhotoViewer';
import { notePushMoment } from '../../../lib/push-moments';
import type { ConversationsData } from '../api/conversations';
import { useEmoji } from '../api/emoji';
import { useHistory } from '../api/history';
import { chatKeys } from '../api/keys';
import type { ChatTarget } from '../api/types';
import { signedUrlExpired } from '../display';
import { textOf } from '../../../lib/message-view';
import type { ChatExtras } from '../extras';
import { useChatConnection, useIsTyping, useOutbox } from '../hooks';
import { HarshAskDialog, UpgradeDialog } from './ChatDialogs';
import { ChatHeader } from './ChatHeader';
import { Composer, type Draft } from './Composer';
import { ConnectionBanner } from './ConnectionBanner';
import { MessageList } from './MessageList';
import { MessageOptions, type SelectedMessage } from './MessageOptions';
import { useChatItems } from './use-chat-items';
import { useChatScroll } from './use-chat-scroll';
import { useHarshAsk } from './use-harsh-ask';
import { useRefusal } from './use-refusal';
import './chat.css';

export function ChatView({
  target,
  me,
  member,
  notice,
  verified = false,
  extras = {},
}: {
  target: ChatTarget;
  /** The partner's photos are verified (the badge beside their name). */
  verified?: boolean;
  me: number | null;
  member: boolean;
  /** Said above the composer before anything is sent: what the server will refuse. */
  notice?: string;
  /** What another feature adds (see extras.ts). */
  extras?: ChatExtras;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const connection = useChatConnection();
  const peer = target.userId;
  const history = useHistory(peer);
  const outbox = useOutbox(peer);
  const typing = useIsTyping(peer);
  const emoji = useEmoji().data;
  const [selected, setSelected] = useState<SelectedMessage | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  // A text put back in the composer.
  const [draft, setDraft] = useState<Draft | null>(null);

  // My private remark for the person, when the conversation list knows it.
  const name = useMemo(() => {
    const list = queryClient.getQueryData<ConversationsData>(chatKeys.conversations());
    const card = list?.pages.flatMap((p) => p.rows).find((c) => c.peer.userId === peer)?.peer;
    return card?.remark?.trim() || target.userName || card?.userName || '';
  }, [queryClient, peer, target.userName]);

  // Image URLs are signed for a while only: the conversation fetched again brings fresh ones.
  const refreshImages = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: chatKeys.history(peer) }),
    [queryClient, peer],
  );

  useEffect(() => {
    connection.enterChat(peer, target.unRead);
    return () => connection.leaveChat(peer);
  }, [connection, peer, target.unRead]);

  const shown = useMemo(() => outbox.filter((e) => e.error?.confirm !== 'harsh'), [outbox]);
  const { items, photos } = useChatItems(history.data, shown, me);
  const { page, scroller, list, top, onScroll, keepAtBottom } = useChatScroll({
    items,
    me,
    typing,
    history,
  });

  const { reportHarassment } = extras;
  const { asking, sendAnyway, edit } = useHarshAsk(
    (msgType, content) => connection.send(peer, msgType, content, { confirmed: true }),
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
      <ChatHeader
        target={target}
        name={name}
        verified={verified}
        typing={typing}
        end={extras.header}
      />
      <ConnectionBanner />
      {extras.banner}
      <MessageList
        history={history}
        items={items}
        me={me}
        name={name}
        typing={typing}
        emoji={emoji}
        renderContent={extras.renderContent}
        scrollerRef={scroller}
        listRef={list}
        topRef={top}
        onScroll={onScroll}
        onImageExpired={refreshImages}
        onOpenImage={(message) => setViewing(message.id)}
        onReport={
          reportHarassment
            ? (message) => reportHarassment(peer, textOf(message.content))
            : undefined
        }
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
      <Composer
        member={member}
        draft={draft}
        onSendText={(text) => {
          connection.send(peer, 'txt', { text });
          notePushMoment('messageSent');
        }}
        onSendImage={(image) => {
          connection.send(peer, 'img', { image: image.dataUrl }, { preview: image.previewUrl });
          notePushMoment('messageSent');
        }}
        onTyping={() => connection.sendTyping(peer)}
        onNeedMembership={() => setUpgradeOpen(true)}
        onFocus={keepAtBottom}
        plusActions={extras.plusActions}
        action={extras.composerAction?.({ onNeedMembership: () => setUpgradeOpen(true) })}
      />
      <MessageOptions
        selected={selected}
        onClose={() => setSelected(null)}
        peer={peer}
        name={name}
        me={me}
      />
      <PhotoViewer
        photos={photos}
        index={shownPhoto}
        onIndex={(index) => setViewing(photos[index]?.id ?? null)}
        onClose={() => setViewing(null)}
        onPhotoError={(src) => {
          if (signedUrlExpired(src)) refreshImages();
        }}
      />
      <UpgradeDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
      <HarshAskDialog open={asking !== undefined} onEdit={edit} onSendAnyway={sendAnyway} />
      {extras.panels}
    </div>
  );
}
