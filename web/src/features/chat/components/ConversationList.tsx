// My conversations, newest first: who, the last message, when, and how many are unread.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { InfiniteList } from '../../../components/InfiniteList';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { PullToRefresh } from '../../../components/PullToRefresh';
import { ChatIcon } from '../../../components/icons';
import { chatHref, paths } from '../../../lib/paths';
import { useConversations } from '../api/conversations';
import { useEmoji } from '../api/emoji';
import { chatKeys } from '../api/keys';
import type { Conversation } from '../api/types';
import { type OtherConversation, mixed } from '../conversation-order';
import { listTime, previewText } from '../display';
import './chat.css';

export type { OtherConversation } from '../conversation-order';

function ConversationRow({
  conversation,
  me,
  compact,
}: {
  conversation: Conversation;
  me: number | null;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const emoji = useEmoji().data;
  const { peer, lastMessage, unread } = conversation;
  const name = peer.remark?.trim() || peer.userName;
  return (
    <Link
      className={`list-item conversation${compact ? ' compact' : ''}`}
      to={chatHref({ ...peer, userName: name }, unread)}
      data-testid="conversation"
    >
      <span className="conversation-avatar">
        <Avatar src={peer.avatarThumb ?? peer.avatar} name={name} size={compact ? 40 : 52} alt="" />
        {peer.online && <span className="online-dot" role="img" aria-label={t('chat.online')} />}
      </span>
      <span className="grow conversation-main">
        <span className="conversation-line">
          <span className="conversation-name">{name}</span>
          {peer.verified && <VerifiedBadge size={14} />}
          <time className="conversation-time" dateTime={lastMessage.createdAt}>
            {listTime(lastMessage.createdAt, t)}
          </time>
        </span>
        {!compact && (
          <span className="conversation-line">
            <span className={`conversation-preview${unread > 0 ? ' unread' : ''}`}>
              {previewText(lastMessage, me, emoji, t)}
            </span>
            {unread > 0 && (
              <span
                className="unread-badge"
                role="img"
                aria-label={t('chat.unreadCount', { n: unread })}
                data-testid="unread-badge"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </span>
        )}
      </span>
      {compact && unread > 0 && (
        <span className="unread-badge" role="img" aria-label={t('chat.unreadCount', { n: unread })}>
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

export function ConversationList({
  me,
  compact = false,
  others = [],
}: {
  me: number | null;
  compact?: boolean;
  /** Groups, say, listed among the conversations. */
  others?: readonly OtherConversation[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const conversations = useConversations();
  const rows = conversations.data?.pages.flatMap((p) => p.rows) ?? [];
  const items = mixed(rows, others, !conversations.hasNextPage && !conversations.isPending);
  const refresh = () =>
    Promise.all([
      conversations.refetch(),
      queryClient.invalidateQueries({ queryKey: chatKeys.unread() }),
    ]);
  if (conversations.isError && items.length === 0) {
    return (
      <section className="center-view" role="alert">
        <p>{t('errors.generic')}</p>
        <Button onClick={() => void conversations.refetch()}>{t('common.retry')}</Button>
      </section>
    );
  }
  return (
    <PullToRefresh onRefresh={refresh}>
      <InfiniteList
        items={items}
        getKey={(item) => item.key}
        renderItem={(item) =>
          item.conversation ? (
            <ConversationRow conversation={item.conversation} me={me} compact={compact} />
          ) : (
            item.row
          )
        }
        hasMore={conversations.hasNextPage}
        loading={conversations.isPending || conversations.isFetchingNextPage}
        onLoadMore={() => void conversations.fetchNextPage()}
        empty={
          <section className="center-view" data-testid="conversations-empty">
            <div className="chat-empty-art" aria-hidden="true">
              <ChatIcon size={40} />
            </div>
            <h2>{compact ? t('chat.recentEmptyTitle') : t('chat.emptyTitle')}</h2>
            <p>{t('chat.emptyBody')}</p>
            <Link className="btn btn-primary" to={paths.root}>
              {t('chat.findPeople')}
            </Link>
          </section>
        }
      />
    </PullToRefresh>
  );
}
