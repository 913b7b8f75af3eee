// The world's countries as a small vector outline (Natural Earth at 1:110 million, from npm's
// `world-atlas`), for a map that draws without a tile server: offline, and in tests. Loaded only
// with the map.
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';

let outline: FeatureCollection | undefined;

export function worldOutline(): FeatureCollection {
  if (!outline) {
    const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
    outline = feature(topology, topology.objects.countries) as FeatureCollection;
  }
  return outline;
}
