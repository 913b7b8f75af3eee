// The audit log (/admin/audit?targetKind=&targetId=), newest first.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AuditFilter } from '../../features/staff/api/types';
import { AuditLog } from '../../features/staff/components/LogLists';
import { StaffPage } from '../../features/staff/components/StaffPage';

export default function AuditPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const targetKind = params.get('targetKind');
  const targetId = params.get('targetId');
  const filter: AuditFilter = {
    ...(targetKind ? { targetKind } : {}),
    ...(targetId ? { targetId } : {}),
  };
  return (
    <StaffPage title={t('staff.nav.audit')}>
      <AuditLog
        key={params.toString()}
        filter={filter}
        onFilter={(next) =>
          setParams(Object.fromEntries(Object.entries(next).map(([k, v]) => [k, String(v)])))
        }
      />
    </StaffPage>
  );
}
