// A place in the chat: a small still map of where it is, its name (or "Shared place"), its
// address or coordinates, and whether it is approximate; tapping it opens the place's page.
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../i18n/format';
import { type Place, formatCoordinates, placeHref } from '../place';
import { PinIcon } from './icons';
import './places.css';

// With the countries' outline: loaded with the first place a chat shows.
const MiniMap = lazy(() => import('../map/MiniMap'));

export function PlaceBubble({ place }: { place: Place }) {
  const { t } = useTranslation();
  const coordinates = formatCoordinates(place, (n) =>
    formatNumber(n, { maximumFractionDigits: place.approximate ? 2 : 5 }),
  );
  return (
    <Link className="place-bubble" to={placeHref(place)} data-testid="place-bubble">
      <span className="place-bubble-map">
        <Suspense fallback={null}>
          <MiniMap lat={place.lat} lng={place.lng} />
        </Suspense>
      </span>
      <span className="place-bubble-row">
        <span className="place-bubble-pin" aria-hidden="true">
          <PinIcon size={22} />
        </span>
        <span className="place-bubble-text">
          <strong>{place.name ?? t('places.sharedPlace')}</strong>
          <span className="place-bubble-where">{place.address ?? coordinates}</span>
          {place.approximate && (
            <span className="place-bubble-note">{t('places.approximate')}</span>
          )}
        </span>
      </span>
    </Link>
  );
}
