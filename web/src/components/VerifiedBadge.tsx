// The verified-photos badge: one home for discover cards, profiles, the chat header and the
// message list. Shown while staff approved a selfie matching the person's current photo.
import { useTranslation } from 'react-i18next';

/** A small seal with a tick, read out as "Verified photos". */
export function VerifiedBadge({ size = 16 }: { size?: number }) {
  const { t } = useTranslation();
  const label = t('verification.badge');
  return (
    <span
      className="verified-badge"
      role="img"
      aria-label={label}
      title={label}
      data-testid="verified-badge"
    >
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 1.8l2.5 1.9 3.1-.2 1 3 2.6 1.7-.9 3 .9 3-2.6 1.7-1 3-3.1-.2L12 22.2l-2.5-1.9-3.1.2-1-3-2.6-1.7.9-3-.9-3 2.6-1.7 1-3 3.1.2z"
        />
        <path
          d="M7.8 12.3l2.8 2.8 5.6-5.8"
          fill="none"
          stroke="#fff"
          strokeWidth={2.2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
