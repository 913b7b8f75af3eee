// A person's album (GET /system/catalog/list) and what its owner does with it: add photos
// (members only), switch them open or private, delete them.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { albumKeys } from './keys';
import type { Album } from './types';

/**
 * GET /system/catalog/list?userId=: mine (every photo with its state) without userId; another
 * person's open photos, for members only (403 `upgrade`, shown by the caller, not toasted).
 */
export function getAlbum(userId?: number, signal?: AbortSignal): Promise<Album> {
  return api.get('/system/catalog/list', { query: { userId }, quietUpgrade: true, signal });
}

export const albumQueryOptions = (userId?: number) =>
  queryOptions({
    queryKey: albumKeys.of(userId ?? 'me'),
    queryFn: ({ signal }) => getAlbum(userId, signal),
    staleTime: 30_000,
  });

export function useAlbum(userId?: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...albumQueryOptions(userId), enabled: options.enabled ?? true });
}

/** The strip on a profile: a failure there is quiet (the profile says enough). */
export function useAlbumStrip(userId?: number) {
  return useQuery({
    queryKey: albumKeys.of(userId ?? 'me'),
    queryFn: ({ signal }) =>
      api.get('/system/catalog/list', { query: { userId }, silent: true, signal }),
    staleTime: 30_000,
  });
}

/** Where an upload stands: photos sent so far out of all. */
export interface UploadProgress {
  done: number;
  total: number;
}

/**
 * POST /system/catalog/add, one photo per request so that progress shows photo by photo and a
 * refusal (the album is full) keeps what was added before it. Answers the album after adding.
 */
export async function addPhotos(
  images: readonly string[],
  onProgress: (progress: UploadProgress) => void,
): Promise<Album | null> {
  let album: Album | null = null;
  onProgress({ done: 0, total: images.length });
  for (const [i, image] of images.entries()) {
    album = await api.post('/system/catalog/add', {
      body: { images: [image] },
      quietUpgrade: true,
    });
    onProgress({ done: i + 1, total: images.length });
  }
  return album;
}

export function useAddPhotos(onProgress: (progress: UploadProgress) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (images: readonly string[]) => addPhotos(images, onProgress),
    onSuccess: (album) => {
      if (album) client.setQueryData(albumKeys.of('me'), album);
    },
    // A refusal part-way keeps the photos added before it: show the album as the server has it.
    onError: () => client.invalidateQueries({ queryKey: albumKeys.of('me') }),
  });
}

/** PUT /system/catalog/editIsOpen: open (members see them) or private (only me). */
export function useSetOpen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, isOpen }: { ids: readonly number[]; isOpen: boolean }) =>
      api.put('/system/catalog/editIsOpen', { query: { ids: ids.join(','), isOpen } }),
    onSettled: () => client.invalidateQueries({ queryKey: albumKeys.of('me') }),
  });
}

/** DELETE /system/catalog/remove: my photos, for good. */
export function useRemovePhotos() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) =>
      api.delete('/system/catalog/remove', { query: { ids: ids.join(',') } }),
    onSettled: () => client.invalidateQueries({ queryKey: albumKeys.of('me') }),
  });
}
