// The messages page: my conversations and groups, making a group, and the invitation to turn on
// notifications while the app may ask.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { PlusIcon, UsersIcon } from '../../components/icons';
import { useInfo } from '../../features/account/api/get-info';
import { ConnectionBanner } from '../../features/chat/components/ConnectionBanner';
import { ConversationList } from '../../features/chat/components/ConversationList';
import { NewGroupSheet } from '../../features/groups/components/NewGroupSheet';
import { PushBanner } from '../../features/notify/components/PushBanner';
import { CustomerServiceCard } from '../../features/people/components/CustomerServiceCard';
import { groupChatHref, paths } from '../../lib/paths';
import { useGroupCandidates } from '../group-chat/candidates';
import { useGroupRows } from './group-rows';

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
  return <Conversations me={user?.userId ?? null} />;
}

function Conversations({ me }: { me: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [making, setMaking] = useState(false);
  const groups = useGroupRows(me);
  const people = useGroupCandidates();
  return (
    <>
      <AppBar
        title={t('pages.message')}
        end={
          <>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('groups.newGroup')}
              title={t('groups.newGroup')}
              onClick={() => setMaking(true)}
              data-testid="new-group"
            >
              <PlusIcon />
            </button>
            <Link
              className="icon-btn"
              to={paths.recentContact}
              aria-label={t('pages.recentContact')}
              title={t('pages.recentContact')}
            >
              <UsersIcon />
            </Link>
          </>
        }
      />
      <ConnectionBanner />
      <PushBanner />
      <div className="page">
        <ConversationList me={me} others={groups} />
      </div>
      <NewGroupSheet
        open={making}
        onClose={() => setMaking(false)}
        people={people}
        onCreated={(group) => navigate(groupChatHref(group.id))}
      />
    </>
  );
}
