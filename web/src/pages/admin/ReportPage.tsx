// One report (/admin/reports/:id), decided here; the queue follows.
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '../../components/Button';
import { useReport } from '../../features/staff/api/reports';
import { ReportView } from '../../features/staff/components/ReportView';
import { StaffPage } from '../../features/staff/components/StaffPage';
import { staffPaths } from '../../lib/paths';

export default function ReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const report = useReport(Number.isInteger(id) && id > 0 ? id : 0);
  return (
    <StaffPage
      title={t('staff.reports.one', { id })}
      back={{ to: staffPaths.reports, label: t('staff.nav.reports') }}
    >
      {report.isPending ? (
        <Spinner large label={t('common.loading')} />
      ) : report.data ? (
        <ReportView report={report.data} onClosed={() => navigate(staffPaths.reports)} />
      ) : (
        <section className="center-view" role="alert">
          <h2>{t('staff.reports.gone')}</h2>
        </section>
      )}
    </StaffPage>
  );
}
