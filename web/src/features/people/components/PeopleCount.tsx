// How many people a list holds, as a quiet line above it.
import './people.css';
import { useTranslation } from 'react-i18next';
import { formatCounted } from '../../../i18n/format';
import { PEOPLE_COUNTED } from '../api/paging';

/**
 * "23 people", "1 person", "1,000+ people" once the server counts no further. Nothing before the
 * first page arrives or when the list is empty (its empty state says so).
 */
export function PeopleCount({ total }: { total: number | null }) {
  const { t } = useTranslation();
  if (!total) return null;
  return (
    <p className="muted people-count" data-testid="people-count">
      {t('people.count', {
        count: Math.min(total, PEOPLE_COUNTED),
        n: formatCounted(total, PEOPLE_COUNTED),
      })}
    </p>
  );
}
