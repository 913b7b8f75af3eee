// A map of the world with Leaflet: a tile server's tiles where one is configured (`map.tile_url`),
// else the countries' outline drawn as vectors, so the map works offline. It shows a place (a
// dot, with a circle of about 1 km when the place is approximate) or, when picking, reports
// where its centre has been dragged to. Loaded only on the location pages.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { MapView } from '../api/map';
import { worldOutline } from './world';
import './world-map.css';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Where the map looks: changing `key` moves it there (a search result, my position). */
export interface MapFocus extends LatLng {
  zoom: number;
  key: number;
}

/** Metres an approximate place may be off by (it was rounded to 0.01°). */
const APPROXIMATE_METRES = 1000;

const OUTLINE_MAX_ZOOM = 7;

const OUTLINE_ATTRIBUTION =
  '<a href="https://www.naturalearthdata.com" target="_blank" rel="noreferrer">Natural Earth</a>';

export function WorldMap({
  focus,
  tiles,
  marker,
  onMove,
  label,
}: {
  focus: MapFocus;
  tiles: MapView | undefined;
  /** A place to show. */
  marker?: LatLng & { approximate?: boolean };
  /** Picking: the map's centre after the person dragged it. */
  onMove?: (centre: LatLng) => void;
  label: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const onMoveRef = useRef(onMove);
  useEffect(() => {
    onMoveRef.current = onMove;
  }, [onMove]);
  const tileUrl = tiles?.tileUrl ?? null;
  const attribution = tiles?.attribution ?? '';

  // The map itself, made once per tile source.
  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, {
      worldCopyJump: true,
      zoomControl: true,
      minZoom: 1,
      // The outline is drawn at 1:110 million: closer than this it shows nothing more.
      maxZoom: tileUrl ? 19 : OUTLINE_MAX_ZOOM,
      attributionControl: true,
    });
    created.attributionControl.setPrefix(
      '<a href="https://leafletjs.com" target="_blank" rel="noreferrer">Leaflet</a>',
    );
    if (tileUrl) {
      L.tileLayer(tileUrl, { attribution: escapeText(attribution), maxZoom: 19 }).addTo(created);
    } else {
      L.geoJSON(worldOutline(), {
        interactive: false,
        attribution: OUTLINE_ATTRIBUTION,
        style: { className: 'world-map-land', weight: 0.7 },
      }).addTo(created);
    }
    created.on('dragend', () => {
      const centre = created.getCenter().wrap();
      onMoveRef.current?.({ lat: centre.lat, lng: centre.lng });
    });
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
    };
  }, [tileUrl, attribution]);

  // Where it looks.
  useEffect(() => {
    map.current?.setView([focus.lat, focus.lng], focus.zoom, { animate: false });
    // Moving on key only: the centre is the person's to move after that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus.key, tileUrl]);

  // The place it shows.
  useEffect(() => {
    const shown = map.current;
    if (!shown || !marker) return;
    const layers: L.Layer[] = [];
    if (marker.approximate) {
      layers.push(
        L.circle([marker.lat, marker.lng], {
          radius: APPROXIMATE_METRES,
          className: 'world-map-area',
          interactive: false,
        }),
      );
    }
    layers.push(
      L.circleMarker([marker.lat, marker.lng], {
        radius: 8,
        className: 'world-map-dot',
        interactive: false,
      }),
    );
    layers.forEach((layer) => layer.addTo(shown));
    return () => layers.forEach((layer) => layer.remove());
  }, [marker?.lat, marker?.lng, marker?.approximate, tileUrl, marker]);

  return (
    <div className="world-map" data-testid="world-map">
      <div ref={element} className="world-map-canvas" role="application" aria-label={label} />
      {onMove && <span className="world-map-crosshair" aria-hidden="true" />}
    </div>
  );
}

/** The operator's attribution as text: it is put into the map as HTML. */
function escapeText(text: string): string {
  const span = document.createElement('span');
  span.textContent = text;
  return span.innerHTML;
}
