// The group chat's bar: back to the messages, the group (its picture or initial, name and how many
// are in it), which opens its members.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../../components/AppBar';
import { Avatar } from '../../../components/Avatar';
import { UsersIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import './groups.css';

export function GroupHeader({
  name,
  avatar,
  memberCount,
  onMembers,
}: {
  name: string;
  avatar?: string | null;
  memberCount: number;
  onMembers: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppBar
      dark
      back={paths.message}
      end={
        <button
          type="button"
          className="icon-btn"
          aria-label={t('groups.members')}
          title={t('groups.members')}
          onClick={onMembers}
          data-testid="group-members-button"
        >
          <UsersIcon />
        </button>
      }
      title={
        <button type="button" className="chat-peer" onClick={onMembers}>
          <span className="chat-peer-avatar">
            <Avatar src={avatar} name={name} size={36} alt="" />
          </span>
          <span className="chat-peer-text">
            <span className="chat-peer-name">{name}</span>
            <span className="chat-peer-status">
              {t('groups.membersCount', { count: memberCount })}
            </span>
          </span>
        </button>
      }
    />
  );
}
