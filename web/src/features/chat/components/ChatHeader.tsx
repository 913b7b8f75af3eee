// The chat's header on its dark bar: back to the conversations, and the partner (photo, name,
// the verified badge, online, away or typing), which opens their profile.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppBar } from '../../../components/AppBar';
import { Avatar } from '../../../components/Avatar';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { useOnlineStatus } from '../../../lib/online-status';
import { paths, profileHref } from '../../../lib/paths';
import type { ChatTarget } from '../api/types';

export function ChatHeader({
  target,
  name,
  verified,
  typing,
  end,
}: {
  target: ChatTarget;
  /** My remark for the person, or their name. */
  name: string;
  verified: boolean;
  typing: boolean;
  /** What another feature adds at the end of the bar. */
  end?: ReactNode;
}) {
  const { t } = useTranslation();
  const peer = target.userId;
  const online = useOnlineStatus(peer).data?.online ?? false;
  return (
    <AppBar
      dark
      back={paths.message}
      end={end}
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
            {typing ? (
              <span className="chat-peer-status typing">{t('chat.typing')}</span>
            ) : (
              <span className="chat-peer-status">{online ? t('chat.online') : t('chat.away')}</span>
            )}
          </span>
        </Link>
      }
    />
  );
}
