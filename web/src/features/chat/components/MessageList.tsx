// The conversation itself, oldest first: where it starts (or older messages loading), a line for
// each new day, the stored messages and the ones still being sent, and the partner typing.
import { Fragment, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../components/Button';
import type { useHistory } from '../api/history';
import type { Emoji, Message } from '../api/types';
import { dayLabel } from '../display';
import type { ChatExtras } from '../extras';
import type { OutboxEntry } from '../outbox';
import { MessageBubble, OutboxBubble } from './MessageBubble';
import type { ChatItem } from './use-chat-items';
import type { PressPoint } from './use-message-actions';

/** How a group's chat names who wrote what, and says its system lines. */
export interface GroupDisplay {
  /** The member's name, as the group lists them. */
  senderName: (userId: number) => string;
  /** A system line ("Yuki added Carlos") in the reader's language. */
  systemLine: (message: Message) => string;
  /** The line above the first message. */
  start: string;
}

export function MessageList({
  history,
  items,
  me,
  name,
  group,
  typing,
  emoji,
  renderContent,
  scrollerRef,
  listRef,
  topRef,
  onScroll,
  onImageExpired,
  onOpenImage,
  onReport,
  onMessageActions,
  onOutboxActions,
  onRetry,
}: {
  history: ReturnType<typeof useHistory>;
  items: readonly ChatItem[];
  me: number | null;
  /** The partner, as the header names them (the group's name in a group). */
  name: string;
  /** Set in a group's chat. */
  group?: GroupDisplay;
  typing: boolean;
  emoji: readonly Emoji[] | undefined;
  renderContent: ChatExtras['renderContent'];
  /** From useChatScroll: the scrolling box, the list and its first line. */
  scrollerRef: RefObject<HTMLDivElement | null>;
  listRef: RefObject<HTMLOListElement | null>;
  topRef: RefObject<HTMLLIElement | null>;
  onScroll: () => void;
  onImageExpired: () => void;
  onOpenImage: (message: Message) => void;
  /** Reports the sender of a message sent anyway after "Are you sure?". */
  onReport?: (message: Message) => Promise<unknown>;
  onMessageActions: (message: Message, at: PressPoint) => void;
  onOutboxActions: (entry: OutboxEntry, at: PressPoint) => void;
  onRetry: (entry: OutboxEntry) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="chat-scroll" ref={scrollerRef} onScroll={onScroll}>
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
          ref={listRef}
          className="chat-list"
          aria-label={t('pages.chatWith', { name })}
          aria-live="polite"
        >
          <li ref={topRef} className="chat-system chat-top">
            {history.isFetchingNextPage ? (
              <Spinner label={t('chat.loadingOlder')} />
            ) : history.hasNextPage ? null : (
              (group?.start ?? t('chat.historyStart', { name }))
            )}
          </li>
          {items.map((item) => (
            <Fragment key={item.key}>
              {item.newDay && <li className="chat-day">{dayLabel(item.at, t)}</li>}
              {item.kind === 'message' && item.message.type === 'system' ? (
                <li className="chat-system" data-testid="system-line">
                  {group?.systemLine(item.message)}
                </li>
              ) : item.kind === 'message' ? (
                <MessageBubble
                  message={item.message}
                  mine={item.message.from === me}
                  peerName={group ? group.senderName(item.message.from) : name}
                  sender={group?.senderName(item.message.from)}
                  emoji={emoji}
                  renderContent={renderContent}
                  onImageExpired={onImageExpired}
                  onOpenImage={() => onOpenImage(item.message)}
                  onReport={onReport && (() => onReport(item.message))}
                  onActions={
                    item.message.status === 'recalled'
                      ? undefined
                      : (at) => onMessageActions(item.message, at)
                  }
                />
              ) : (
                <OutboxBubble
                  entry={item.entry}
                  emoji={emoji}
                  renderContent={renderContent}
                  onRetry={() => onRetry(item.entry)}
                  onActions={(at) => onOutboxActions(item.entry, at)}
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
  );
}
