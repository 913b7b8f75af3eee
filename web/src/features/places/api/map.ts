// The map the location pages draw (GET /system/place/map): a tile server's address and its
// attribution where one is configured; none means the world's outline, offline.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { components } from '../../../lib/api-schema';

export type MapView = components['schemas']['MapView'];

export function useMapView() {
  return useQuery({
    queryKey: ['places', 'map'],
    queryFn: () => api.get('/system/place/map'),
    staleTime: Infinity,
  });
}
