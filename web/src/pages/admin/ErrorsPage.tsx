// Client error reports (/admin/errors), newest first.
import { useTranslation } from 'react-i18next';
import { ClientErrorList } from '../../features/staff/components/LogLists';
import { StaffPage } from '../../features/staff/components/StaffPage';

export default function ErrorsPage() {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('staff.nav.errors')}>
      <ClientErrorList />
    </StaffPage>
  );
}
