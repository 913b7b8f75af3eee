// Writing a dynamic: text (2000 characters at most) and up to nine photos, each uploaded as soon
// as it is picked with its progress shown. Publish waits for the uploads; leaving with something
// written or picked asks first.
import './feed.css';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { AppBar } from '../../../components/AppBar';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Dialog';
import { TextArea } from '../../../components/Field';
import { CloseIcon, ImageIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import { type UploadedImage, uploadImage, usePublishDynamic } from '../api/publish';
import type { Dynamic } from '../api/types';
import {
  CONTENT_MAX,
  MAX_PHOTOS,
  type PhotoStatus,
  canPublish,
  charCount,
  isDraftDirty,
  photoRoom,
} from '../rules';
import { PhotoError, readPhoto } from './read-photo';

interface Draft {
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

export function ReleaseForm({
  onPublished,
  onCancel,
}: {
  onPublished: (dynamic: Dynamic) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const photosId = useId();
  const publish = usePublishDynamic();
  const [content, setContent] = useState('');
  const [photos, setPhotos] = useState<Draft[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const done = useRef(false);
  const [asking, setAsking] = useState(false);
  const dirty = isDraftDirty(content, photos);
  const used = charCount(content.trim());
  const uploading = photos.some((p) => p.status === 'reading' || p.status === 'uploading');
  const ready = canPublish(content, photos) && !publish.isPending;

  // Leaving (back, a tab, a link) with a draft asks first; publishing does not.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !done.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  // Uploads still running when the page goes are not wanted any more.
  const live = useRef(photos);
  useEffect(() => {
    live.current = photos;
  }, [photos]);
  useEffect(() => () => live.current.forEach((p) => p.abort.abort()), []);

  const update = (id: number, patch: Partial<Draft>) =>
    setPhotos((list) => list.map((p) => (p.id === id ? { ...p, ...patch } : p)));

  const upload = (draft: Draft, dataUrl: string) => {
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
      const draft: Draft = {
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
    if (fileInput.current) fileInput.current.value = '';
  };

  const removePhoto = (draft: Draft) => {
    draft.abort.abort();
    setPhotos((list) => list.filter((p) => p.id !== draft.id));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    const images = photos.flatMap((p) => (p.uploaded ? [p.uploaded.key] : []));
    publish.mutate(
      { content: content.trim(), images },
      {
        onSuccess: (dynamic) => {
          done.current = true;
          onPublished(dynamic);
        },
      },
    );
  };

  return (
    <>
      <AppBar title={t('pages.release')} back />
      <form className="page release" onSubmit={submit} noValidate data-testid="release-form">
        <TextArea
          label={t('feed.text')}
          value={content}
          rows={7}
          placeholder={t('feed.textPlaceholder')}
          onChange={(e) => setContent(e.target.value)}
          error={used > CONTENT_MAX ? t('feed.tooLong', { max: formatNumber(CONTENT_MAX) }) : null}
          hint={t('feed.charsUsed', { used: formatNumber(used), max: formatNumber(CONTENT_MAX) })}
          data-testid="release-text"
        />
        <div className={photoError ? 'field invalid' : 'field'}>
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
                  <button
                    type="button"
                    className="release-retry"
                    onClick={() => p.dataUrl && upload(p, p.dataUrl)}
                  >
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
                  onClick={() => removePhoto(p)}
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
            onChange={(e) => addFiles(e.target.files)}
          />
          {photoError ? (
            <span className="field-error" role="alert">
              {photoError}
            </span>
          ) : (
            <span className="field-hint">{t('feed.photosHint', { max: MAX_PHOTOS })}</span>
          )}
        </div>
        <div className="release-actions">
          <Button variant="outline" onClick={() => (dirty ? setAsking(true) : onCancel())}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!ready} loading={publish.isPending}>
            {uploading ? t('feed.uploading') : t('feed.publish')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={asking || blocker.state === 'blocked'}
        danger
        title={t('feed.discardTitle')}
        message={t('feed.discardBody')}
        confirmLabel={t('feed.discard')}
        onConfirm={() => {
          setAsking(false);
          if (blocker.state === 'blocked') {
            blocker.proceed();
          } else {
            done.current = true;
            onCancel();
          }
        }}
        onCancel={() => {
          setAsking(false);
          blocker.reset?.();
        }}
      />
    </>
  );
}
