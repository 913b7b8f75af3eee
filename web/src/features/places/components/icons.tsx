// Icons of places, drawn with the shared factory (components/icons).
import { makeIcon } from '../../../components/icons';

export const PinIcon = makeIcon(
  <>
    <path d="M12 21s-6.5-6.1-6.5-11.2a6.5 6.5 0 0 1 13 0C18.5 14.9 12 21 12 21z" />
    <circle cx="12" cy="9.8" r="2.3" />
  </>,
);
