import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { Avatar } from '../../components/Avatar';
import { ComingSoon } from '../../components/ComingSoon';
import { ChatIcon } from '../../components/icons';
import { parseChatTarget } from './chat-target';

/** Chat with one partner, on a dark background. */
export default function ChatPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = parseChatTarget(params.get('data'));
  const title = target?.userName ? t('pages.chatWith', { name: target.userName }) : t('pages.chat');
  return (
    <div className="chat-page">
      <AppBar
        dark
        back
        title={
          <span className="row" style={{ gap: 10 }}>
            {target && <Avatar src={target.avatar} name={target.userName} size={32} />}
            <span>{target?.userName || t('pages.chat')}</span>
          </span>
        }
      />
      <div className="page">
        <ComingSoon title={title} description={t('pages.chatDesc')} icon={<ChatIcon size={40} />} />
      </div>
    </div>
  );
}
