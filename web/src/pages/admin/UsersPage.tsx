// Finding people (/admin/users?q=).
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StaffPage } from '../../features/staff/components/StaffPage';
import { UserSearch } from '../../features/staff/components/UserSearch';

export default function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  return (
    <StaffPage title={t('staff.nav.users')}>
      <UserSearch q={q} onSearch={(next) => setParams(next ? { q: next } : {})} />
    </StaffPage>
  );
}
