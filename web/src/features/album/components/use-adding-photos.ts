// Adding photos to my album: the picked files checked (kind, size, room left), read and
// uploaded together with the upload's progress; what could not be added is listed, and a server
// that asks for membership opens the upgrade offer.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUpgradeError } from '../../../lib/request';
import { showToast } from '../../../lib/toast';
import { type UploadProgress, useAddPhotos } from '../api/album';
import { PhotoError, pickWithin, readPhoto } from '../photo-file';

export function useAddingPhotos(room: number, onUpgrade: () => void) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const add = useAddPhotos(setProgress);

  const addFiles = async (files: File[]) => {
    if (!files.length) return;
    const { take, rejected, overflow } = pickWithin(files, room);
    const found = rejected.map(({ file, problem }) =>
      t(`album.problem.${problem}`, { name: file.name }),
    );
    if (overflow > 0) found.push(t('album.tooMany', { n: room }));
    setPreparing(true);
    const images: string[] = [];
    for (const file of take) {
      try {
        images.push(await readPhoto(file));
      } catch (err) {
        const problem = err instanceof PhotoError ? err.problem : 'unreadable';
        found.push(t(`album.problem.${problem}`, { name: file.name }));
      }
    }
    setPreparing(false);
    setProblems(found);
    if (!images.length) return;
    add.mutate(images, {
      onSuccess: () => showToast(t('album.added'), 'success'),
      onError: (err) => {
        if (isUpgradeError(err)) onUpgrade();
      },
      onSettled: () => setProgress(null),
    });
  };

  return { addFiles, busy: preparing || add.isPending, preparing, progress, problems };
}
