// Writing a dynamic: text (2000 characters at most) and up to nine photos, each uploaded as soon
// as it is picked with its progress shown (use-photo-drafts.ts, PhotoDrafts). Publish waits for the
// uploads; leaving with something written or picked asks first.
import './feed.css';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { AppBar } from '../../../components/AppBar';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Dialog';
import { TextArea } from '../../../components/Field';
import { formatNumber } from '../../../i18n/format';
import { usePublishDynamic } from '../api/publish';
import type { Dynamic } from '../api/types';
import { CONTENT_MAX, canPublish, charCount, isDraftDirty } from '../rules';
import { PhotoDrafts } from './PhotoDrafts';
import { usePhotoDrafts } from './use-photo-drafts';

export function ReleaseForm({
  onPublished,
  onCancel,
}: {
  onPublished: (dynamic: Dynamic) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const publish = usePublishDynamic();
  const [content, setContent] = useState('');
  const { photos, photoError, addFiles, remove, retry } = usePhotoDrafts();
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
        <PhotoDrafts
          photos={photos}
          error={photoError}
          onAdd={addFiles}
          onRemove={remove}
          onRetry={retry}
        />
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
