// A shared place on its own page: on a map, its name, address and coordinates, whether it is approximate,
// how far it is from me (asked for only when I tap it), and the way out to the phone's maps.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { formatNumber } from '../../../i18n/format';
import { useMapView } from '../api/map';
import { WorldMap } from '../map/WorldMap';
import { type Place, distanceKm, formatCoordinates, mapsAppFor, mapsHref } from '../place';
import { PinIcon } from './icons';
import './places.css';

type Distance =
  { kind: 'unknown' } | { kind: 'asking' } | { kind: 'km'; km: number } | { kind: 'none' };

export function PlaceView({ place }: { place: Place }) {
  const { t } = useTranslation();
  const [distance, setDistance] = useState<Distance>({ kind: 'unknown' });
  const mapView = useMapView();
  const app = mapsAppFor(navigator.userAgent, navigator.maxTouchPoints);
  const coordinates = formatCoordinates(place, (n) =>
    formatNumber(n, { maximumFractionDigits: place.approximate ? 2 : 5 }),
  );

  const howFar = () => {
    if (!('geolocation' in navigator)) {
      setDistance({ kind: 'none' });
      return;
    }
    setDistance({ kind: 'asking' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setDistance({
          kind: 'km',
          km: distanceKm({ lat: coords.latitude, lng: coords.longitude }, place),
        }),
      () => setDistance({ kind: 'none' }),
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };

  return (
    <article className="card place-view" data-testid="place-view">
      <div className="place-view-map">
        {mapView.isPending ? (
          <span className="place-view-pin" aria-hidden="true">
            <PinIcon size={36} />
          </span>
        ) : (
          <WorldMap
            focus={{ lat: place.lat, lng: place.lng, zoom: place.approximate ? 12 : 15, key: 1 }}
            tiles={mapView.data}
            marker={place}
            label={t('places.mapLabel')}
          />
        )}
      </div>
      <h2 data-testid="place-name">{place.name ?? t('places.sharedPlace')}</h2>
      {place.address && <p className="place-view-address">{place.address}</p>}
      <p className="muted" data-testid="place-coordinates">
        {coordinates}
      </p>
      {place.approximate && <p className="place-view-note">{t('places.approximate')}</p>}
      <p role="status" className="place-view-distance" data-testid="place-distance">
        {distance.kind === 'km'
          ? distance.km < 1
            ? t('places.underOneKm')
            : t('places.kmAway', {
                km: formatNumber(distance.km, { maximumFractionDigits: distance.km < 10 ? 1 : 0 }),
              })
          : distance.kind === 'none'
            ? t('places.noPosition')
            : ''}
      </p>
      <div className="place-view-actions">
        <a className="btn btn-primary" href={mapsHref(place, app)} target="_blank" rel="noreferrer">
          {t(`places.openIn.${app}`)}
        </a>
        {app !== 'osm' && (
          <a
            className="btn btn-outline"
            href={mapsHref(place, 'osm')}
            target="_blank"
            rel="noreferrer"
          >
            {t('places.openIn.osm')}
          </a>
        )}
        {distance.kind !== 'km' && (
          <Button variant="ghost" onClick={howFar} loading={distance.kind === 'asking'}>
            {t('places.howFar')}
          </Button>
        )}
      </div>
    </article>
  );
}
