// One person (/admin/users/:id): their account, ban or unban, reports and history.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Spinner } from '../../components/Button';
import { useStaffUser } from '../../features/staff/api/users';
import { StaffPage } from '../../features/staff/components/StaffPage';
import { UserView } from '../../features/staff/components/UserView';
import { staffPaths } from '../../lib/paths';

export default function UserPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const user = useStaffUser(Number.isInteger(id) && id > 0 ? id : 0);
  return (
    <StaffPage
      title={user.data?.userName ?? t('staff.users.one', { id })}
      back={{ to: staffPaths.users, label: t('staff.nav.users') }}
    >
      {user.isPending ? (
        <Spinner large label={t('common.loading')} />
      ) : user.data ? (
        <UserView user={user.data} />
      ) : (
        <section className="center-view" role="alert">
          <h2>{t('staff.users.gone')}</h2>
        </section>
      )}
    </StaffPage>
  );
}
