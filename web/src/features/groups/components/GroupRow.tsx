// A group among my conversations: its picture or initial, name (marked as a group, with how many
// are in it for screen readers), last message and unread count.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { UsersIcon } from '../../../components/icons';
import { groupChatHref } from '../../../lib/paths';
import type { GroupSummary } from '../api/types';
import './groups.css';

export function GroupRow({
  group,
  preview,
  time,
}: {
  group: GroupSummary;
  /** The last message, as the conversation list writes it. */
  preview: string;
  time: string;
}) {
  const { t } = useTranslation();
  const { unread } = group;
  return (
    <Link className="list-item conversation" to={groupChatHref(group.id)} data-testid="group-row">
      <span className="conversation-avatar">
        <Avatar src={group.avatar} name={group.name} size={52} alt="" />
      </span>
      <span className="grow conversation-main">
        <span className="conversation-line">
          <span className="conversation-name">{group.name}</span>
          <UsersIcon
            size={15}
            className="group-mark"
            role="img"
            aria-hidden={false}
            aria-label={t('groups.membersCount', { count: group.memberCount })}
          />
          <time className="conversation-time" dateTime={group.lastMessage?.createdAt}>
            {time}
          </time>
        </span>
        <span className="conversation-line">
          <span className={`conversation-preview${unread > 0 ? ' unread' : ''}`}>{preview}</span>
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
      </span>
    </Link>
  );
}
