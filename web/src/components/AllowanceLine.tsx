// A member's free translation characters today beside the packs (GET /getInfo's
// translationAllowance): what is left, and the local time it is whole again. A second <dd> of
// the characters figure.
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../i18n/format';

export interface Allowance {
  left: number;
  resetsAt: string;
}

export function AllowanceLine({ allowance }: { allowance: Allowance | null | undefined }) {
  const { t } = useTranslation();
  if (!allowance) return null;
  return (
    <dd className="allowance-line" data-testid="allowance-today">
      {t('wallet.allowanceToday', {
        n: formatNumber(allowance.left),
        time: formatDate(allowance.resetsAt, { hour: '2-digit', minute: '2-digit' }),
      })}
    </dd>
  );
}
