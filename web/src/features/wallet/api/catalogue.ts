// What can be bought (memberships, gold, characters) and the membership levels.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { walletKeys } from './keys';
import type { Catalogue } from './types';

/** GET /system/grade/getProduct: memberships, gold packs and character packs. */
export function getCatalogue(): Promise<Catalogue> {
  return api.get('/system/grade/getProduct');
}

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.catalogue(),
    queryFn: getCatalogue,
    staleTime: 5 * 60_000,
  });

export function useCatalogue() {
  return useQuery(catalogueQueryOptions());
}

/** GET /system/grade/{VIP|SVIP}: a membership level and its benefit keys. */
export function getGrade(level: 'VIP' | 'SVIP') {
  return api.get('/system/grade/{id}', { path: { id: level } });
}

export const gradeQueryOptions = (level: 'VIP' | 'SVIP') =>
  queryOptions({
    queryKey: walletKeys.grade(level),
    queryFn: () => getGrade(level),
    staleTime: 30 * 60_000,
  });

export function useGrade(level: 'VIP' | 'SVIP') {
  return useQuery(gradeQueryOptions(level));
}
