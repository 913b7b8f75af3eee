// The red count on a tab or menu entry.
import { formatNumber } from '../i18n/format';

/** The red number on a tab or menu entry; nothing at zero. Above 99 reads "99+". */
export function CountBadge({ count, label }: { count: number; label?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className="count-badge"
      role={label ? 'img' : undefined}
      aria-label={label}
      data-testid="count-badge"
    >
      {count > 99 ? `${formatNumber(99)}+` : formatNumber(count)}
    </span>
  );
}
