// The review queue (/admin/review): photos, flagged dynamics and held or cautioned messages.
import { useTranslation } from 'react-i18next';
import { ReviewQueue } from '../../features/staff/components/ReviewQueue';
import { StaffPage } from '../../features/staff/components/StaffPage';

export default function ReviewPage() {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('staff.nav.review')}>
      <ReviewQueue />
    </StaffPage>
  );
}
