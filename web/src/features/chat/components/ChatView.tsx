// The chat with one person (SPEC section 2, on a dark background): the partner in the header,
// the history loaded backwards as the person scrolls up, the messages still being sent, the
// photos in a viewer of their own, and the composer, which stays above the soft keyboard. A
// message the server asks about ("Are you sure?") goes back to the composer while a dialog asks.
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppBar } from '../../../components/AppBar';
import { Avatar } from '../../../components/Avatar';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { Button, Spinner } from '../../../components/Button';
import { ActionSheet, ConfirmDialog, Dialog, type SheetAction } from '../../../components/Dialog';
import { CloseIcon } from '../../../components/icons';
import { PhotoViewer } from '../../../components/PhotoViewer';
import { useOnlineStatus } from '../../../lib/online-status';
import { paths, profileHref } from '../../../lib/paths';
import { notePushMoment } from '../../../lib/push-moments';
import type { ConversationsData } from '../api/conversations';
import { useDeleteMessages } from '../api/delete-messages';
import { useEmoji } from '../api/emoji';
import { useHistory } from '../api/history';
import { chatKeys } from '../api/keys';
import type { ChatTarget, Message } from '../api/types';
import { canRecall, dayLabel, signedUrlExpired } from '../display';
import { textOf } from '../../../lib/message-view';
import type { ChatExtras } from '../extras';
import { useChatConnection, useIsTyping, useOutbox } from '../hooks';
import type { OutboxEntry } from '../outbox';
import { Composer, type Draft } from './Composer';
import { ConnectionBanner } from './ConnectionBanner';
import { MessageBubble, OutboxBubble } from './MessageBubble';
import { useChatItems } from './use-chat-items';
import { useChatScroll } from './use-chat-scroll';
import type { PressPoint } from './use-message-actions';
import './chat.css';

type Selected = ({ kind: 'message'; message: Message } | { kind: 'outbox'; entry: OutboxEntry }) & {
  /** Where the options were asked for: they open on the other half of the screen. */
  at: PressPoint;
};

/** The options sheet rises from the bottom, unless the finger is in the lower half. */
function sheetAwayFrom(at: PressPoint | undefined): string {
  return at && at.y > window.innerHeight / 2 ? 'sheet-top' : '';
}

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
  const online = useOnlineStatus(peer).data?.online ?? false;
  const emoji = useEmoji().data;
  const deleteMessages = useDeleteMessages(peer);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [recalling, setRecalling] = useState<Message | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
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
  // A send the server asked about ("Are you sure?"): kept out of the list while the person
  // decides, its text back in the composer.
  const asking = outbox.find((e) => e.status === 'fail' && e.error?.confirm === 'harsh');
  const [draftOf, setDraftOf] = useState<string | null>(null);
  if (asking && draftOf !== asking.clientId) {
    setDraftOf(asking.clientId);
    if (asking.msgType === 'txt') setDraft({ text: textOf(asking.content) });
  }
  const sendAnyway = () => {
    if (!asking) return;
    connection.discard(asking.clientId);
    connection.send(peer, asking.msgType, asking.content, { confirmed: true });
    if (asking.msgType === 'txt') setDraft({ text: '' });
  };
  const edit = () => {
    if (asking) connection.discard(asking.clientId);
  };

  // A refusal from the server: the notice shows its reason; a membership one offers Upgrade.
  const refused = [...outbox]
    .reverse()
    .find((e) => e.status === 'fail' && e.error && !e.error.confirm);
  const refusal = refused?.error;
  const refusedBy = refused?.clientId;
  const upgradeFor = useRef<string | null>(null);
  useEffect(() => {
    if (refusal?.upgrade && refusedBy && upgradeFor.current !== refusedBy) {
      upgradeFor.current = refusedBy;
      setUpgradeOpen(true);
    }
  }, [refusal, refusedBy]);

  // ---------- actions ----------
  const sheetActions: SheetAction[] = [];
  if (selected?.kind === 'message') {
    const message = selected.message;
    if (canRecall(message, me, { windowMs: connection.recallWindowMs })) {
      sheetActions.push({ label: t('chat.recall'), onSelect: () => setRecalling(message) });
    }
    sheetActions.push({
      label: t('chat.delete'),
      danger: true,
      onSelect: () => deleteMessages.mutate([message.id]),
    });
  } else if (selected?.kind === 'outbox') {
    const entry = selected.entry;
    if (entry.status === 'fail') {
      sheetActions.push({
        label: t('common.retry'),
        onSelect: () => connection.resend(entry.clientId),
      });
    }
    sheetActions.push({
      label: t('chat.delete'),
      danger: true,
      onSelect: () => connection.discard(entry.clientId),
    });
  }

  const status: ReactNode = typing ? (
    <span className="chat-peer-status typing">{t('chat.typing')}</span>
  ) : (
    <span className="chat-peer-status">{online ? t('chat.online') : t('chat.away')}</span>
  );

  return (
    <div className="chat-page" ref={page}>
      <AppBar
        dark
        back={paths.message}
        end={extras.header}
        title={
          <Link className="chat-peer" to={profileHref(peer)} title={t('chat.viewProfile')}>
            <span className="chat-peer-avatar">
              <Avatar src={target.avatar} name={name} size={36} alt="" />
              {online && <span className="online-dot" data-testid="online-dot" />}
            </span>
            <span className="chat-peer-text">
              <span className="chat-peer-name">
                {name}
                {verified && <VerifiedBadge size={14} />}
              </span>
              {status}
            </span>
          </Link>
        }
      />
      <ConnectionBanner />
      {extras.banner}
      <div className="chat-scroll" ref={scroller} onScroll={onScroll}>
        {history.isPending ? (
          <div className="center-view">
            <Spinner large label={t('common.loading')} />
          </div>
        ) : history.isError && items.length === 0 ? (
          <div className="center-view" role="alert">
            <p>{t('errors.generic')}</p>
            <Button onClick={() => void history.refetch()}>{t('common.retry')}</Button>
          </div>
        ) : (
          <ol
            ref={list}
            className="chat-list"
            aria-label={t('pages.chatWith', { name })}
            aria-live="polite"
          >
            <li ref={top} className="chat-system chat-top">
              {history.isFetchingNextPage ? (
                <Spinner label={t('chat.loadingOlder')} />
              ) : history.hasNextPage ? null : (
                t('chat.historyStart', { name })
              )}
            </li>
            {items.map((item) => (
              <Fragment key={item.key}>
                {item.newDay && <li className="chat-day">{dayLabel(item.at, t)}</li>}
                {item.kind === 'message' ? (
                  <MessageBubble
                    message={item.message}
                    mine={item.message.from === me}
                    peerName={name}
                    emoji={emoji}
                    renderContent={extras.renderContent}
                    onImageExpired={refreshImages}
                    onOpenImage={() => setViewing(item.message.id)}
                    onReport={
                      reportHarassment
                        ? () => reportHarassment(peer, textOf(item.message.content))
                        : undefined
                    }
                    onActions={
                      item.message.status === 'recalled'
                        ? undefined
                        : (at) => setSelected({ kind: 'message', message: item.message, at })
                    }
                  />
                ) : (
                  <OutboxBubble
                    entry={item.entry}
                    emoji={emoji}
                    renderContent={extras.renderContent}
                    onRetry={() => connection.resend(item.entry.clientId)}
                    onActions={(at) => setSelected({ kind: 'outbox', entry: item.entry, at })}
                  />
                )}
              </Fragment>
            ))}
            {typing && (
              <li className="bubble-row theirs" data-testid="typing">
                <div className="bubble typing-bubble" role="status" aria-label={t('chat.typing')}>
                  <span />
                  <span />
                  <span />
                </div>
              </li>
            )}
          </ol>
        )}
      </div>
      {notice && (
        <p className="chat-notice" role="note" data-testid="composer-notice">
          {notice}
        </p>
      )}
      {refusal && !refusal.upgrade && refusal.msg !== notice && dismissed !== refusedBy && (
        <div className="chat-notice" role="alert" data-testid="chat-notice">
          <span className="grow">{refusal.msg}</span>
          {refused && extras.refusalAction?.(refused)}
          <button
            type="button"
            className="icon-btn"
            aria-label={t('common.close')}
            onClick={() => setDismissed(refusedBy ?? null)}
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
      />
      <ActionSheet
        open={selected !== null}
        onClose={() => setSelected(null)}
        title={t('chat.messageActions')}
        actions={sheetActions}
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
          if (recalling) connection.recall(recalling.id, peer);
          setRecalling(null);
        }}
      />
      <PhotoViewer
        photos={photos}
        index={
          viewing === null
            ? null
            : Math.max(
                0,
                photos.findIndex((p) => p.id === viewing),
              )
        }
        onIndex={(index) => setViewing(photos[index]?.id ?? null)}
        onClose={() => setViewing(null)}
        onPhotoError={(src) => {
          if (signedUrlExpired(src)) refreshImages();
        }}
      />
      <Dialog
        open={upgradeOpen}
        onClose={() => setUpgradeOpen(false)}
        title={t('chat.upgradeTitle')}
        actions={
          <>
            <Button variant="outline" onClick={() => setUpgradeOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Link className="btn btn-primary" to={paths.recharge}>
              {t('chat.upgradeNow')}
            </Link>
          </>
        }
      >
        <p>{t('chat.upgradeBody')}</p>
      </Dialog>
      <Dialog
        open={asking !== undefined}
        onClose={edit}
        title={t('chat.harsh.askTitle')}
        className="harsh-dialog"
        actions={
          <>
            <Button variant="outline" onClick={edit}>
              {t('chat.harsh.edit')}
            </Button>
            <Button variant="danger" onClick={sendAnyway}>
              {t('chat.harsh.sendAnyway')}
            </Button>
          </>
        }
      >
        <p>{t('chat.harsh.askBody')}</p>
      </Dialog>
      {extras.panels}
    </div>
  );
}
