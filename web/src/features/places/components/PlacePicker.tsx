// Choosing a place to share: found by name (towns built into the server, or the operator's
// geocoder), my own position (asked for only when I tap it, approximate unless I say
// otherwise), or wherever I move the map to. What is chosen is handed to `onShare`.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { formatNumber } from '../../../i18n/format';
import { intlLocale } from '../../../i18n/languages';
import { useDebounced } from '../../../lib/use-debounced';
import { useMapView } from '../api/map';
import { type FoundPlace, usePlaceSearch } from '../api/search';
import { WorldMap, type LatLng, type MapFocus } from '../map/WorldMap';
import { type Place, formatCoordinates } from '../place';
import { PinIcon } from './icons';
import './places.css';

/** The longest name of a place (the server's rule). */
const MAX_NAME = 200;

interface Chosen extends LatLng {
  name: string;
  /** My own position: approximate unless I choose exact. */
  mine: boolean;
}

type Locating = 'idle' | 'asking' | 'unavailable';

export function PlacePicker({
  onShare,
  sending,
  error,
}: {
  onShare: (place: Place) => void;
  sending: boolean;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const mapView = useMapView();
  const tiles = mapView.data;
  const [typed, setTyped] = useState('');
  const [showResults, setShowResults] = useState(false);
  const found = usePlaceSearch(useDebounced(typed, 250), lang);
  const [focus, setFocus] = useState<MapFocus>({ lat: 25, lng: 10, zoom: 2, key: 0 });
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [approximate, setApproximate] = useState(true);
  const [locating, setLocating] = useState<Locating>('idle');
  const resultsId = useId();

  const look = (at: LatLng, zoom: number) =>
    setFocus((f) => ({ lat: at.lat, lng: at.lng, zoom, key: f.key + 1 }));

  const pick = (place: FoundPlace) => {
    setChosen({ lat: place.lat, lng: place.lng, name: place.name, mine: false });
    setShowResults(false);
    setTyped(place.name);
    look(place, 13);
  };

  const useMyPosition = () => {
    if (!('geolocation' in navigator)) {
      setLocating('unavailable');
      return;
    }
    setLocating('asking');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const here = { lat: coords.latitude, lng: coords.longitude };
        setLocating('idle');
        setChosen({ ...here, name: '', mine: true });
        setApproximate(true);
        look(here, 14);
      },
      () => setLocating('unavailable'),
      { maximumAge: 60_000, timeout: 15_000, enableHighAccuracy: true },
    );
  };

  // Dragging the map moves the place: it is where the pin is, with no name of its own.
  const moved = (centre: LatLng) => setChosen({ ...centre, name: '', mine: false });

  const share = () => {
    if (!chosen) return;
    const name = chosen.name.trim();
    onShare({
      lat: chosen.lat,
      lng: chosen.lng,
      name: name || undefined,
      approximate: chosen.mine && approximate,
    });
  };

  const rows = found.data ?? [];
  const searching = [...typed.trim()].length >= 2;
  const coordinates = chosen
    ? formatCoordinates({ ...chosen, approximate: false }, (n) =>
        formatNumber(n, { maximumFractionDigits: 4 }),
      )
    : '';

  return (
    <div className="place-picker">
      <div className="place-picker-search">
        <label className="visually-hidden" htmlFor={`${resultsId}-q`}>
          {t('places.searchLabel')}
        </label>
        <input
          id={`${resultsId}-q`}
          className="input"
          type="search"
          value={typed}
          maxLength={100}
          placeholder={t('places.searchPlaceholder')}
          autoComplete="off"
          role="combobox"
          aria-expanded={showResults && searching}
          aria-controls={resultsId}
          data-testid="place-search"
          onChange={(e) => {
            setTyped(e.target.value);
            setShowResults(true);
          }}
          onFocus={() => setShowResults(true)}
        />
        {showResults && searching && (
          <ul id={resultsId} className="place-picker-results" role="listbox">
            {rows.map((row) => (
              <li key={`${row.name}-${row.lat}-${row.lng}`} role="option" aria-selected={false}>
                <button type="button" onClick={() => pick(row)} data-testid="place-result">
                  <PinIcon size={18} />
                  <span>
                    <strong>{row.name}</strong>
                    <span className="muted"> {regionName(row.country, lang)}</span>
                  </span>
                </button>
              </li>
            ))}
            {!found.isFetching && found.isSuccess && rows.length === 0 && (
              <li className="place-picker-empty muted">{t('places.noResults')}</li>
            )}
            <li className="place-picker-source muted">{t('places.searchSource')}</li>
          </ul>
        )}
      </div>
      <div className="place-picker-map">
        {/* Drawn once it is known whether there are tiles: the outline otherwise. */}
        {!mapView.isPending ? (
          <WorldMap
            focus={focus}
            tiles={tiles}
            onMove={moved}
            marker={chosen?.mine && approximate ? { ...chosen, approximate: true } : undefined}
            label={t('places.mapLabel')}
          />
        ) : null}
      </div>
      <section className="place-picker-panel" aria-live="polite">
        <Button
          variant="outline"
          onClick={useMyPosition}
          loading={locating === 'asking'}
          data-testid="my-position"
        >
          {t('places.myPosition')}
        </Button>
        {locating === 'unavailable' && (
          <p className="place-picker-note" role="alert">
            {t('places.positionUnavailable')}
          </p>
        )}
        {chosen ? (
          <>
            <label className="place-picker-name">
              <span>{t('places.nameLabel')}</span>
              <input
                className="input"
                value={chosen.name}
                maxLength={MAX_NAME}
                onChange={(e) => setChosen({ ...chosen, name: e.target.value })}
                data-testid="place-name-input"
              />
            </label>
            <p className="muted place-picker-where" data-testid="place-chosen">
              {coordinates}
            </p>
            {chosen.mine && (
              <label className="place-picker-switch">
                <input
                  type="checkbox"
                  checked={approximate}
                  onChange={(e) => setApproximate(e.target.checked)}
                  data-testid="place-approximate"
                />
                <span>{approximate ? t('places.approximateChoice') : t('places.exactChoice')}</span>
              </label>
            )}
          </>
        ) : (
          <p className="muted">{t('places.pickHint')}</p>
        )}
        {error && (
          <p className="place-picker-note" role="alert">
            {error}
          </p>
        )}
        <Button onClick={share} disabled={!chosen} loading={sending} data-testid="place-share">
          {t('places.share')}
        </Button>
      </section>
    </div>
  );
}

/** A country's name in the reader's language, from its ISO code. */
function regionName(code: string, lang: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([intlLocale(lang)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
