// Released versions as staff publish them (GET/POST/DELETE /admin/versions).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { staffKeys } from './keys';
import type { NewVersion } from './types';

export function getStaffVersions(signal?: AbortSignal) {
  return api.get('/admin/versions', { signal });
}

export function useStaffVersions() {
  return useQuery(
    queryOptions({
      queryKey: staffKeys.versions(),
      queryFn: ({ signal }) => getStaffVersions(signal),
    }),
  );
}

export function addVersion(version: NewVersion) {
  return api.post('/admin/versions', { body: version });
}

export function deleteVersion(id: number) {
  return api.delete('/admin/versions/{id}', { path: { id } });
}

function useVersionMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void client.invalidateQueries({ queryKey: staffKeys.versions() }),
  });
}

export const useAddVersion = () => useVersionMutation(addVersion);
export const useDeleteVersion = () => useVersionMutation(deleteVersion);
