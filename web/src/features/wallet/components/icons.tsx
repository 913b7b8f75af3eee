// Icons of the wallet pages, drawn with the shared factory (components/icons).
import { makeIcon } from '../../../components/icons';

export const CoinIcon = makeIcon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M14.8 9.2c-.5-.8-1.5-1.2-2.8-1.2-1.6 0-2.7.8-2.7 2s1.1 1.7 2.7 2 2.7.8 2.7 2-1.1 2-2.7 2c-1.3 0-2.3-.4-2.8-1.2M12 6.5V8M12 16v1.5" />
  </>,
);
export const TranslateIcon = makeIcon(
  <>
    <path d="M3.5 5.5h9M8 4v1.5M10.5 5.5c-.6 3.3-3 6.3-6 7.5M6 8.5c1 2 2.7 3.6 4.5 4.4" />
    <path d="M13 20l3.5-9 3.5 9M14.2 17h4.6" />
  </>,
);
export const GiftIcon = makeIcon(
  <>
    <rect x="3.5" y="8" width="17" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12" />
    <path d="M12 8c-1.5-3-5.5-3.5-5.5-1.2C6.5 8 9 8 12 8zM12 8c1.5-3 5.5-3.5 5.5-1.2C17.5 8 15 8 12 8z" />
  </>,
);
export const RedPacketIcon = makeIcon(
  <>
    <rect x="5" y="3" width="14" height="18" rx="2.5" />
    <path d="M5 8.5c2.2 1.8 4.5 2.7 7 2.7s4.8-.9 7-2.7" />
    <circle cx="12" cy="12" r="2" />
  </>,
);
export const PlayIcon = makeIcon(<path d="M8 5.5v13l10.5-6.5z" />);
export const CalendarIcon = makeIcon(
  <>
    <rect x="4" y="5" width="16" height="15" rx="2" />
    <path d="M4 10h16M9 3v4M15 3v4" />
  </>,
);
export const WalletIcon = makeIcon(
  <>
    <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
    <rect x="4" y="8" width="16.5" height="11" rx="2" />
    <path d="M16 13.5h1.5" />
  </>,
);
export const FlaskIcon = makeIcon(
  <path d="M9.5 3.5h5M10.5 3.5v5.2L5 18.5A1.5 1.5 0 0 0 6.3 20.5h11.4a1.5 1.5 0 0 0 1.3-2l-5.5-9.8V3.5M7.5 14.5h9" />,
);
