// The chat's own inline icons, drawn with the shared factory (components/icons).
import { makeIcon } from '../../../components/icons';

export const SendIcon = makeIcon(<path d="M4 12l16-8-6 16-2.5-6.5z M11.5 13.5L20 4" />);
export const SmileIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0" />
    <path d="M9 9.5h.01M15 9.5h.01" strokeWidth={2.6} />
  </>,
);
export const PhotoIcon = makeIcon(
  <>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
    <circle cx="9" cy="10" r="1.8" />
    <path d="M20.5 16l-5-5-9 8.5" />
  </>,
);
export const KeyboardIcon = makeIcon(
  <>
    <rect x="3" y="6" width="18" height="12" rx="2.5" />
    <path d="M7 10h.01M11 10h.01M15 10h.01M8 14h8" strokeWidth={2.2} />
  </>,
);
export const TickIcon = makeIcon(<path d="M5 12.5l4.5 4.5L19 7.5" />);
export const DoubleTickIcon = makeIcon(<path d="M2.5 12.5L7 17l9.5-9.5M11.5 15.5L13 17l9.5-9.5" />);
export const AlertIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5h.01" strokeWidth={2.4} />
  </>,
);
export const RefreshIcon = makeIcon(<path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />);
