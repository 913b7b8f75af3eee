// A small still map of where a place is, for the chat's bubble: the countries' outline around it
// (the same outline the full map draws offline), projected as the map projects it (Web
// Mercator), with the place in the middle. Drawn as SVG, loaded with the first place a chat shows.
import type { Position } from 'geojson';
import { worldOutline } from './world';

/** Degrees of longitude the preview spans (about what a phone's map shows at zoom 6). */
const SPAN_LNG = 8;
const WIDTH = 240;
const HEIGHT = 120;

function mercatorY(lat: number): number {
  const clamped = Math.max(-85, Math.min(85, lat));
  return Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
}

/** The outline's rings around a point, as SVG path data in a WIDTH x HEIGHT box. */
export function outlineAround(lat: number, lng: number): string {
  const scale = WIDTH / ((SPAN_LNG * Math.PI) / 180);
  const centreY = mercatorY(lat);
  const x = (p: Position) => {
    // The shorter way round, so a place near the date line sees both sides.
    let d = (p[0] ?? 0) - lng;
    if (d > 180) d -= 360;
    if (d < -180) d += 360;
    return WIDTH / 2 + ((d * Math.PI) / 180) * scale;
  };
  const y = (p: Position) => HEIGHT / 2 - (mercatorY(p[1] ?? 0) - centreY) * scale;
  const margin = WIDTH;
  const parts: string[] = [];
  for (const feature of worldOutline().features) {
    const geometry = feature.geometry;
    const polygons =
      geometry.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry.type === 'MultiPolygon'
          ? geometry.coordinates
          : [];
    for (const polygon of polygons) {
      for (const ring of polygon) {
        const points = ring.map((p) => [x(p), y(p)] as const);
        const near = points.some(
          ([px, py]) => px > -margin && px < WIDTH + margin && py > -margin && py < HEIGHT + margin,
        );
        if (!near) continue;
        parts.push(`M${points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join('L')}Z`);
      }
    }
  }
  return parts.join('');
}

export default function MiniMap({ lat, lng }: { lat: number; lng: number }) {
  return (
    <svg
      className="mini-map"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      data-testid="mini-map"
    >
      <rect width={WIDTH} height={HEIGHT} className="mini-map-sea" />
      <path d={outlineAround(lat, lng)} className="mini-map-land" />
      <circle cx={WIDTH / 2} cy={HEIGHT / 2} r={6} className="mini-map-dot" />
    </svg>
  );
}
