// Notices (/admin/notices): write one, and the ones published.
import { useTranslation } from 'react-i18next';
import { NoticeEditor, StaffNoticeList } from '../../features/staff/components/NoticesAdmin';
import { StaffPage } from '../../features/staff/components/StaffPage';

export default function NoticesPage() {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('staff.nav.notices')}>
      <div className="staff-split">
        <NoticeEditor />
        <StaffNoticeList />
      </div>
    </StaffPage>
  );
}
