// Icons of voice messages, drawn with the shared factory (components/icons).
import { makeIcon } from '../../../components/icons';

export const MicIcon = makeIcon(
  <>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />
  </>,
);

export const PlayIcon = makeIcon(<path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />);

export const PauseIcon = makeIcon(
  <>
    <rect x="7" y="5.5" width="3.5" height="13" rx="1" fill="currentColor" />
    <rect x="13.5" y="5.5" width="3.5" height="13" rx="1" fill="currentColor" />
  </>,
);

export const StopIcon = makeIcon(
  <rect x="6.5" y="6.5" width="11" height="11" rx="2" fill="currentColor" />,
);

export const TrashIcon = makeIcon(
  <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13M10 11v5.5M14 11v5.5" />,
);
