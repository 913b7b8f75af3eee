// The photos of a dynamic being written: each read and uploaded as soon as it is picked, with its
// progress; uploads still running when the page goes are aborted.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadedImage, uploadImage } from '../api/publish';
import { MAX_PHOTOS, type PhotoStatus, photoRoom } from '../rules';
import { PhotoError, readPhoto } from './read-photo';

export interface PhotoDraft {
  id: number;
  status: PhotoStatus;
  /** The picture as read (a data URL), once read. */
  dataUrl: string | null;
  /** 0..1 of the upload. */
  progress: number;
  uploaded: UploadedImage | null;
  abort: AbortController;
}

let nextId = 1;

export function usePhotoDrafts() {
  const { t } = useTranslation();
  const [photos, setPhotos] = useState<PhotoDraft[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);

  const live = useRef(photos);
  useEffect(() => {
    live.current = photos;
  }, [photos]);
  useEffect(() => () => live.current.forEach((p) => p.abort.abort()), []);

  const update = (id: number, patch: Partial<PhotoDraft>) =>
    setPhotos((list) => list.map((p) => (p.id === id ? { ...p, ...patch } : p)));

  const upload = (draft: PhotoDraft, dataUrl: string) => {
    update(draft.id, { status: 'uploading', progress: 0, dataUrl });
    uploadImage(dataUrl, (progress) => update(draft.id, { progress }), draft.abort.signal).then(
      (uploaded) => update(draft.id, { status: 'done', progress: 1, uploaded }),
      () => {
        if (!draft.abort.signal.aborted) update(draft.id, { status: 'failed' });
      },
    );
  };

  const addFiles = (files: FileList | null) => {
    setPhotoError(null);
    const picked = [...(files ?? [])];
    const room = photoRoom(photos.length, picked.length);
    if (picked.length > room) setPhotoError(t('feed.tooManyPhotos', { max: MAX_PHOTOS }));
    for (const file of picked.slice(0, room)) {
      const draft: PhotoDraft = {
        id: nextId++,
        status: 'reading',
        dataUrl: null,
        progress: 0,
        uploaded: null,
        abort: new AbortController(),
      };
      setPhotos((list) => [...list, draft]);
      readPhoto(file).then(
        (dataUrl) => {
          if (!draft.abort.signal.aborted) upload(draft, dataUrl);
        },
        (err: unknown) => {
          const problem = err instanceof PhotoError ? err.problem : 'unreadable';
          setPhotoError(t(`feed.photoProblem.${problem}`));
          setPhotos((list) => list.filter((p) => p.id !== draft.id));
        },
      );
    }
  };

  const remove = (draft: PhotoDraft) => {
    draft.abort.abort();
    setPhotos((list) => list.filter((p) => p.id !== draft.id));
  };

  const retry = (draft: PhotoDraft) => {
    if (draft.dataUrl) upload(draft, draft.dataUrl);
  };

  return { photos, photoError, addFiles, remove, retry };
}
