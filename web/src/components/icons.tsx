// Inline SVG icons (24px, stroke = currentColor): cheaper than an icon font or package. The
// factory here draws the features' own icons too.
import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** An icon component from its drawing on the 24px grid. */
export function makeIcon(drawing: ReactNode) {
  return function Icon({ size = 24, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {drawing}
      </svg>
    );
  };
}

export const HeartIcon = makeIcon(
  <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.6 0 5.6 3.5 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />,
);
export const CompassIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M15.5 8.5l-2 5-5 2 2-5z" />
  </>,
);
export const StarIcon = makeIcon(
  <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />,
);
export const EyeIcon = makeIcon(
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = makeIcon(
  <>
    <path d="M3 3l18 18" />
    <path d="M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6C3.8 8.5 2 12 2 12s3.6 7 10 7c1.8 0 3.3-.5 4.6-1.2" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </>,
);
export const FootprintIcon = makeIcon(
  <>
    <path d="M8 14c-1.7 0-3-1.8-3-4.5S6 4 8 4s3 2.6 3 5.2S9.7 14 8 14z" />
    <path d="M16 20c-1.7 0-3-1.8-3-4.5s1-5.5 3-5.5 3 2.6 3 5.2-1.3 4.8-3 4.8z" />
  </>,
);
export const WinkIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 10h2M14.5 9.5l1.5 1M8.5 15c2 1.6 5 1.6 7 0" />
  </>,
);
export const FeedIcon = makeIcon(
  <>
    <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
    <path d="M3.5 15l4.5-4 4 3.5 3-2.5 5.5 4.5" />
    <circle cx="15.5" cy="8.5" r="1.5" />
  </>,
);
export const CrownIcon = makeIcon(<path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" />);
export const BellIcon = makeIcon(
  <>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </>,
);
export const ChatIcon = makeIcon(<path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4A8 8 0 1 1 20 12z" />);
export const SettingsIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </>,
);
export const HelpIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
  </>,
);
export const LogoutIcon = makeIcon(
  <>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 16l-4-4 4-4M6 12h10" />
  </>,
);
export const BackIcon = makeIcon(<path d="M15 18l-6-6 6-6" />);
export const ChevronIcon = makeIcon(<path d="M9 6l6 6-6 6" />);
export const PlusIcon = makeIcon(<path d="M12 5v14M5 12h14" />);
export const CheckIcon = makeIcon(<path d="M5 12.5l4.5 4.5L19 7.5" />);
export const GlobeIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />
  </>,
);
export const MailIcon = makeIcon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="M3.5 6.5L12 13l8.5-6.5" />
  </>,
);
export const LockIcon = makeIcon(
  <>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </>,
);
export const UsersIcon = makeIcon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18.5 14.5a6.5 6.5 0 0 1 3 5.5" />
  </>,
);
export const TrashIcon = makeIcon(
  <path d="M4 7h16M9 7V4.5h6V7M6.5 7l1 13h9l1-13M10 11v5M14 11v5" />,
);
export const CameraIcon = makeIcon(
  <>
    <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
    <circle cx="12" cy="13.5" r="3.5" />
  </>,
);
export const SparkleIcon = makeIcon(
  <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z" />,
);
export const FilterIcon = makeIcon(
  <>
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12" />
    <circle cx="16" cy="6" r="2" />
    <circle cx="10" cy="12" r="2" />
    <circle cx="18" cy="18" r="2" />
  </>,
);
export const MoreIcon = makeIcon(
  <>
    <circle cx="5" cy="12" r="1.2" />
    <circle cx="12" cy="12" r="1.2" />
    <circle cx="19" cy="12" r="1.2" />
  </>,
);
export const BlockIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M5.6 5.6l12.8 12.8" />
  </>,
);
export const FlagIcon = makeIcon(<path d="M5 21V4M5 4h11l-2 4 2 4H5" />);
export const ShieldIcon = makeIcon(
  <>
    <path d="M12 3l7.5 3v5.5c0 4.6-3.2 8.2-7.5 9.5-4.3-1.3-7.5-4.9-7.5-9.5V6z" />
    <path d="M9 12l2 2 4-4" />
  </>,
);
export const EditIcon = makeIcon(
  <>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </>,
);
export const UserPlusIcon = makeIcon(
  <>
    <circle cx="10" cy="8" r="3.5" />
    <path d="M3.5 20a6.5 6.5 0 0 1 13 0M19 8v6M16 11h6" />
  </>,
);
export const UserCheckIcon = makeIcon(
  <>
    <circle cx="10" cy="8" r="3.5" />
    <path d="M3.5 20a6.5 6.5 0 0 1 13 0M16 11l2 2 4-4" />
  </>,
);
export const HeadsetIcon = makeIcon(
  <>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="13" width="4" height="6" rx="1.5" />
    <rect x="17" y="13" width="4" height="6" rx="1.5" />
    <path d="M19 19c0 1.5-2 2.5-5 2.5" />
  </>,
);
export const ImageIcon = makeIcon(
  <>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
    <circle cx="9" cy="10" r="1.8" />
    <path d="M20.5 16l-5-5-9 8.5" />
  </>,
);
export const CloseIcon = makeIcon(<path d="M6 6l12 12M18 6L6 18" />);
export const ClockIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </>,
);
export const CloudOffIcon = makeIcon(
  <>
    <path d="M3 3l18 18" />
    <path d="M8.5 6.2A6 6 0 0 1 17.7 10h.3a4 4 0 0 1 2.5 7.1M17 18H7a5 5 0 0 1-1.6-9.7" />
  </>,
);
export const InstallIcon = makeIcon(
  <>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M12 7v7M9 11l3 3 3-3M10 18.5h4" />
  </>,
);
/** Safari's Share button: a box with an arrow out of its top. */
export const ShareIcon = makeIcon(
  <>
    <path d="M12 3v12M8 7l4-4 4 4" />
    <path d="M8 10H6.5A1.5 1.5 0 0 0 5 11.5v8A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5v-8a1.5 1.5 0 0 0-1.5-1.5H16" />
  </>,
);
/** An arrow down onto a tray: saving a file. */
export const DownloadIcon = makeIcon(<path d="M12 4v11M7.5 10.5L12 15l4.5-4.5M5 20h14" />);
export const ZoomInIcon = makeIcon(
  <>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="M15.5 15.5L20 20M8 10.5h5M10.5 8v5" />
  </>,
);
export const ZoomOutIcon = makeIcon(
  <>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="M15.5 15.5L20 20M8 10.5h5" />
  </>,
);
