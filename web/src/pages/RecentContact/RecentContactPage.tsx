// Recent contacts: the people I talked to most recently.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { useInfo } from '../../features/account/api/get-info';
import { ConversationList } from '../../features/chat/components/ConversationList';

/** The people I talked to most recently, as a compact list. */
export default function RecentContactPage() {
  const { t } = useTranslation();
  const { data: user } = useInfo();
  return (
    <>
      <AppBar title={t('pages.recentContact')} back />
      <div className="page">
        <ConversationList me={user?.userId ?? null} compact />
      </div>
    </>
  );
}
