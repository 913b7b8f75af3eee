import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { HelpIcon, UsersIcon } from '../../components/icons';
import { useInfo } from '../../features/account/api/get-info';
import { ConnectionBanner } from '../../features/chat/components/ConnectionBanner';
import { ConversationList } from '../../features/chat/components/ConversationList';

const RECENT_CONTACTS_PATH = '/pages/RecentContact/RecentContact';

/** My conversations, newest first; Help&Support opens on its own tab. */
export default function MessagePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data: user } = useInfo();
  if (params.get('tab') === 'support') {
    return (
      <>
        <AppBar title={t('pages.help')} />
        <div className="page">
          <ComingSoon
            title={t('pages.help')}
            description={t('pages.helpDesc')}
            icon={<HelpIcon size={40} />}
          />
        </div>
      </>
    );
  }
  return (
    <>
      <AppBar
        title={t('pages.message')}
        end={
          <Link
            className="icon-btn"
            to={RECENT_CONTACTS_PATH}
            aria-label={t('pages.recentContact')}
            title={t('pages.recentContact')}
          >
            <UsersIcon />
          </Link>
        }
      />
      <ConnectionBanner />
      <div className="page">
        <ConversationList me={user?.userId ?? null} />
      </div>
    </>
  );
}
