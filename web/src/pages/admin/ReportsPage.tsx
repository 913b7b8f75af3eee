// The reports queue (/admin): open reports oldest first, or the closed ones.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ReportQueue } from '../../features/staff/components/ReportQueue';
import { StaffPage } from '../../features/staff/components/StaffPage';

export default function ReportsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const status = params.get('status') === 'closed' ? 'closed' : 'open';
  return (
    <StaffPage title={t('staff.nav.reports')}>
      <nav className="segmented staff-status" aria-label={t('staff.reports.which')}>
        <Link
          to="?status=open"
          className={status === 'open' ? 'seg-link active' : 'seg-link'}
          aria-current={status === 'open' ? 'page' : undefined}
        >
          {t('staff.reports.status.open')}
        </Link>
        <Link
          to="?status=closed"
          className={status === 'closed' ? 'seg-link active' : 'seg-link'}
          aria-current={status === 'closed' ? 'page' : undefined}
        >
          {t('staff.reports.status.closed')}
        </Link>
      </nav>
      <ReportQueue key={status} status={status} />
    </StaffPage>
  );
}
