// Released versions (/admin/versions): add one, and the list.
import { useTranslation } from 'react-i18next';
import { StaffPage } from '../../features/staff/components/StaffPage';
import { VersionForm, VersionList } from '../../features/staff/components/VersionsAdmin';

export default function VersionsPage() {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('staff.nav.versions')}>
      <VersionForm />
      <VersionList />
    </StaffPage>
  );
}
