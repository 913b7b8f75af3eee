// The photos field of a dynamic being written: each picked photo with its upload's progress, a
// retry when it failed, a remove button, and the button that picks more (up to nine).
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, ImageIcon } from '../../../components/icons';
import { MAX_PHOTOS } from '../rules';
import type { PhotoDraft } from './use-photo-drafts';

export function PhotoDrafts({
  photos,
  error,
  onAdd,
  onRemove,
  onRetry,
}: {
  photos: PhotoDraft[];
  error: string | null;
  onAdd: (files: FileList | null) => void;
  onRemove: (draft: PhotoDraft) => void;
  onRetry: (draft: PhotoDraft) => void;
}) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const photosId = useId();
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <span className="field-label" id={photosId}>
        {t('feed.photos')} <span className="optional">({t('common.optional')})</span>
      </span>
      <ul className="release-photos" aria-labelledby={photosId}>
        {photos.map((p, i) => (
          <li key={p.id} className={`release-photo ${p.status}`} data-testid="release-photo">
            {p.dataUrl ? (
              <img src={p.dataUrl} alt={t('feed.photoN', { number: i + 1 })} />
            ) : (
              <span className="release-photo-wait" role="status">
                <span className="spinner" aria-hidden="true" />
                <span className="visually-hidden">{t('feed.readingPhoto')}</span>
              </span>
            )}
            {p.status === 'uploading' && (
              <progress
                className="release-progress"
                value={Math.round(p.progress * 100)}
                max={100}
                aria-label={t('feed.uploadingPhoto', { number: i + 1 })}
              />
            )}
            {p.status === 'failed' && (
              <button type="button" className="release-retry" onClick={() => onRetry(p)}>
                {t('feed.retryUpload')}
              </button>
            )}
            {p.status === 'done' && (
              <span className="visually-hidden">{t('feed.photoUploaded')}</span>
            )}
            <button
              type="button"
              className="release-remove"
              aria-label={t('feed.removePhoto', { number: i + 1 })}
              onClick={() => onRemove(p)}
            >
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
        {photos.length < MAX_PHOTOS && (
          <li>
            <button
              type="button"
              className="release-add"
              onClick={() => fileInput.current?.click()}
            >
              <ImageIcon size={24} />
              <span>{t('feed.addPhotos')}</span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="release-photo-input"
        onChange={(e) => {
          onAdd(e.target.files);
          e.target.value = '';
        }}
      />
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : (
        <span className="field-hint">{t('feed.photosHint', { max: MAX_PHOTOS })}</span>
      )}
    </div>
  );
}
