// The settings page: my profile, membership and wallet, email, language, notifications, password,
// blocked people, downloading my data, installing the app, accounts, rules, support and safety
// tips, and for staff the operator console; ?view=profile edits my profile, ?view=blocked lists
// blocked people.
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { Skeleton } from '../../components/Skeleton';
import { showToast } from '../../lib/toast';
import { useInfo } from '../../features/account/api/get-info';
import { ProfileEditForm } from '../../features/account/components/ProfileEditForm';
import { BlockedList } from '../../features/people/components/BlockedList';
import { paths } from '../../lib/paths';
import { SettingsHome } from './SettingsHome';

export default function SettingsPage() {
  const [params] = useSearchParams();
  // Sub-pages live in the query string: SPEC section 2 lists every route.
  if (params.get('view') === 'blocked') return <BlockedPeoplePage />;
  if (params.get('view') === 'profile') return <EditProfilePage />;
  return <SettingsHome />;
}

function BlockedPeoplePage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('blocked.title')} back={paths.settings} />
      <div className="page">
        <BlockedList />
      </div>
    </>
  );
}

function EditProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useInfo().data;
  return (
    <>
      <AppBar title={t('profileEdit.title')} back={paths.settings} />
      <div className="page page-narrow">
        {user ? (
          <ProfileEditForm
            user={user}
            onSaved={() => {
              showToast(t('profileEdit.saved'), 'success');
              navigate(paths.homepage);
            }}
          />
        ) : (
          <Skeleton height={320} />
        )}
      </div>
    </>
  );
}
