// The chat with one person (SPEC section 2, on a dark background): the partner in the header,
// the history loaded backwards as the person scrolls up, the messages still being sent, and the
// composer, which stays above the soft keyboard.
import { useQueryClient } from '@tanstack/react-query';
import {
  Fragment,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppBar } from '../../../components/AppBar';
import { Avatar } from '../../../components/Avatar';
import { Button, Spinner } from '../../../components/Button';
import { ActionSheet, Dialog, type SheetAction } from '../../../components/Dialog';
import type { ConversationsData } from '../api/conversations';
import { useDeleteMessages } from '../api/delete-messages';
import { useEmoji } from '../api/emoji';
import { useHistory } from '../api/history';
import { chatKeys } from '../api/keys';
import { useOnlineStatus } from '../api/online-status';
import type { ChatTarget, Message } from '../api/types';
import { canRecall, dayKey, dayLabel } from '../display';
import type { ChatExtras } from '../extras';
import { useChatConnection, useIsTyping, useOutbox } from '../hooks';
import type { OutboxEntry } from '../outbox';
import { MESSAGES_PATH, RECHARGE_PATH, profileHref } from '../target';
import { Composer } from './Composer';
import { ConnectionBanner } from './ConnectionBanner';
import { MessageBubble, OutboxBubble } from './MessageBubble';
import { CloseIcon } from './icons';
import './chat.css';

/** Within this distance of the bottom, new messages keep the view at the bottom. */
const NEAR_BOTTOM_PX = 120;

/** Keeps the composer above the soft keyboard: the keyboard's height as --keyboard-inset. */
function useKeyboardInset(onChange: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => {
      const inset = Math.max(0, window.innerHeight - viewport.height - viewport.offsetTop);
      ref.current?.style.setProperty('--keyboard-inset', `${Math.round(inset)}px`);
      onChange();
    };
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    update();
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, [onChange]);
  return ref;
}

type Item =
  | { kind: 'message'; key: string; message: Message }
  | { kind: 'outbox'; key: string; entry: OutboxEntry };

type Selected = { kind: 'message'; message: Message } | { kind: 'outbox'; entry: OutboxEntry };

export function ChatView({
  target,
  me,
  member,
  extras = {},
}: {
  target: ChatTarget;
  me: number | null;
  member: boolean;
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
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);

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

  const items = useMemo<Item[]>(() => {
    const stored = (history.data?.pages ?? [])
      .flatMap((p) => p.rows)
      .filter((m) => m.type !== 'cmd' && m.status !== 'deleted')
      .reverse();
    const known = new Set(stored.filter((m) => m.from === me).map((m) => m.clientId));
    return [
      ...stored.map((message): Item => ({ kind: 'message', key: `m${message.id}`, message })),
      ...outbox
        .filter((entry) => !known.has(entry.clientId))
        .map((entry): Item => ({ kind: 'outbox', key: `c${entry.clientId}`, entry })),
    ];
  }, [history.data, outbox, me]);

  // A refusal from the server: the notice shows its reason; a membership one offers Upgrade.
  const refused = [...outbox].reverse().find((e) => e.status === 'fail' && e.error);
  const refusal = refused?.error;
  const refusedBy = refused?.clientId;
  const upgradeFor = useRef<string | null>(null);
  useEffect(() => {
    if (refusal?.upgrade && refusedBy && upgradeFor.current !== refusedBy) {
      upgradeFor.current = refusedBy;
      setUpgradeOpen(true);
    }
  }, [refusal, refusedBy]);

  // ---------- scrolling ----------
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const first = useRef<string | undefined>(undefined);
  const last = useRef<string | undefined>(undefined);
  const height = useRef(0);
  const scrollToBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);
  const keepAtBottom = useCallback(() => {
    if (nearBottom.current) scrollToBottom();
  }, [scrollToBottom]);
  const page = useKeyboardInset(keepAtBottom);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const firstKey = items[0]?.key;
    const lastItem = items[items.length - 1];
    const lastKey = lastItem?.key;
    if (last.current === undefined || lastKey !== last.current) {
      // New at the bottom (or the first render): follow it if the person was at the bottom or
      // sent it.
      const sentByMe =
        lastItem?.kind === 'outbox' ||
        (lastItem?.kind === 'message' && lastItem.message.from === me);
      if (nearBottom.current || sentByMe || last.current === undefined) scrollToBottom();
    } else if (firstKey !== first.current) {
      // Older messages arrived above: keep what the person was reading in place.
      el.scrollTop += el.scrollHeight - height.current;
    } else if (nearBottom.current) {
      scrollToBottom();
    }
    first.current = firstKey;
    last.current = items.length ? lastKey : undefined;
    height.current = el.scrollHeight;
  }, [items, me, scrollToBottom, typing]);

  // Scrolling up to the top loads older messages.
  const sentinel = useRef<HTMLLIElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  useEffect(() => {
    const node = sentinel.current;
    const root = scroller.current;
    if (!node || !root || !hasNextPage || isFetchingNextPage) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // ---------- actions ----------
  const sheetActions: SheetAction[] = [];
  if (selected?.kind === 'message') {
    const message = selected.message;
    if (canRecall(message, me, { windowMs: connection.recallWindowMs })) {
      sheetActions.push({
        label: t('chat.recall'),
        onSelect: () => connection.recall(message.id, peer),
      });
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

  let previousDay = '';
  return (
    <div className="chat-page" ref={page}>
      <AppBar
        dark
        back={MESSAGES_PATH}
        end={extras.header}
        title={
          <Link className="chat-peer" to={profileHref(peer)} title={t('chat.viewProfile')}>
            <span className="chat-peer-avatar">
              <Avatar src={target.avatar} name={name} size={36} alt="" />
              {online && <span className="online-dot" data-testid="online-dot" />}
            </span>
            <span className="chat-peer-text">
              <span className="chat-peer-name">{name}</span>
              {status}
            </span>
          </Link>
        }
      />
      <ConnectionBanner />
      {extras.banner}
      <div
        className="chat-scroll"
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
        }}
      >
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
          <ol className="chat-list" aria-label={t('pages.chatWith', { name })} aria-live="polite">
            <li ref={sentinel} className="chat-system chat-top">
              {isFetchingNextPage ? (
                <Spinner label={t('chat.loadingOlder')} />
              ) : hasNextPage ? null : (
                t('chat.historyStart', { name })
              )}
            </li>
            {items.map((item) => {
              const at = item.kind === 'message' ? item.message.createdAt : item.entry.createdAt;
              const day = dayKey(at);
              const separator = day !== previousDay;
              previousDay = day;
              return (
                <Fragment key={item.key}>
                  {separator && <li className="chat-day">{dayLabel(at, t)}</li>}
                  {item.kind === 'message' ? (
                    <MessageBubble
                      message={item.message}
                      mine={item.message.from === me}
                      peerName={name}
                      emoji={emoji}
                      renderContent={extras.renderContent}
                      onImageExpired={refreshImages}
                      onActions={
                        item.message.status === 'recalled'
                          ? undefined
                          : () => setSelected({ kind: 'message', message: item.message })
                      }
                    />
                  ) : (
                    <OutboxBubble
                      entry={item.entry}
                      emoji={emoji}
                      renderContent={extras.renderContent}
                      onRetry={() => connection.resend(item.entry.clientId)}
                      onActions={() => setSelected({ kind: 'outbox', entry: item.entry })}
                    />
                  )}
                </Fragment>
              );
            })}
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
      {refusal && !refusal.upgrade && dismissed !== refusedBy && (
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
        onSendText={(text) => connection.send(peer, 'txt', { text })}
        onSendEmoji={(code) => connection.send(peer, 'emoji', { code })}
        onSendImage={(image) =>
          connection.send(peer, 'img', { image: image.dataUrl }, { preview: image.previewUrl })
        }
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
            <Link className="btn btn-primary" to={RECHARGE_PATH}>
              {t('chat.upgradeNow')}
            </Link>
          </>
        }
      >
        <p>{t('chat.upgradeBody')}</p>
      </Dialog>
      {extras.panels}
    </div>
  );
}
