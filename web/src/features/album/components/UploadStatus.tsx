// Adding photos to my album: preparing, then uploading one of several with its progress, and
// the files that could not be added and why.
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../api/album';

export function UploadStatus({
  preparing,
  progress,
  problems,
}: {
  preparing: boolean;
  progress: UploadProgress | null;
  problems: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <>
      {(preparing || progress) && (
        <div className="album-progress" role="status" data-testid="album-progress">
          <span>
            {progress
              ? t('album.uploading', {
                  n: Math.min(progress.done + 1, progress.total),
                  total: progress.total,
                })
              : t('album.preparing')}
          </span>
          <progress
            max={progress?.total ?? 1}
            value={progress?.done ?? 0}
            aria-label={t('album.progress')}
          />
        </div>
      )}
      {problems.length > 0 && (
        <ul className="album-problems" role="alert">
          {problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      )}
    </>
  );
}
