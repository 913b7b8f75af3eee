// The messages page: my conversations, and the invitation to turn on notifications while the
// app may ask.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { UsersIcon } from '../../components/icons';
import { useInfo } from '../../features/account/api/get-info';
import { ConnectionBanner } from '../../features/chat/components/ConnectionBanner';
import { ConversationList } from '../../features/chat/components/ConversationList';
import { PushBanner } from '../../features/notify/components/PushBanner';
import { CustomerServiceCard } from '../../features/people/components/CustomerServiceCard';
import { paths } from '../../lib/paths';

/** My conversations, newest first; the Help&Support menu entry opens the support tab. */
export default function MessagePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data: user } = useInfo();
  if (params.get('tab') === 'support') {
    return (
      <>
        <AppBar title={t('pages.help')} />
        <div className="page">
          <CustomerServiceCard member={Boolean(user?.level)} />
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
            to={paths.recentContact}
            aria-label={t('pages.recentContact')}
            title={t('pages.recentContact')}
          >
            <UsersIcon />
          </Link>
        }
      />
      <ConnectionBanner />
      <PushBanner />
      <div className="page">
        <ConversationList me={user?.userId ?? null} />
      </div>
    </>
  );
}
