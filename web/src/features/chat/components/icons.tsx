// The chat's own inline icons (24px, stroke = currentColor), drawn like components/icons.
import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function make(paths: ReactNode) {
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
        {paths}
      </svg>
    );
  };
}

export const SendIcon = make(<path d="M4 12l16-8-6 16-2.5-6.5z M11.5 13.5L20 4" />);
export const SmileIcon = make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0" />
    <path d="M9 9.5h.01M15 9.5h.01" strokeWidth={2.6} />
  </>,
);
export const PhotoIcon = make(
  <>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
    <circle cx="9" cy="10" r="1.8" />
    <path d="M20.5 16l-5-5-9 8.5" />
  </>,
);
export const KeyboardIcon = make(
  <>
    <rect x="3" y="6" width="18" height="12" rx="2.5" />
    <path d="M7 10h.01M11 10h.01M15 10h.01M8 14h8" strokeWidth={2.2} />
  </>,
);
export const TickIcon = make(<path d="M5 12.5l4.5 4.5L19 7.5" />);
export const DoubleTickIcon = make(<path d="M2.5 12.5L7 17l9.5-9.5M11.5 15.5L13 17l9.5-9.5" />);
export const ClockIcon = make(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </>,
);
export const AlertIcon = make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5h.01" strokeWidth={2.4} />
  </>,
);
export const RefreshIcon = make(<path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />);
export const CloseIcon = make(<path d="M6 6l12 12M18 6L6 18" />);
export const ZoomInIcon = make(
  <>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="M15.5 15.5L20 20M8 10.5h5M10.5 8v5" />
  </>,
);
export const ZoomOutIcon = make(
  <>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="M15.5 15.5L20 20M8 10.5h5" />
  </>,
);
