// My album: up to six photos, each with its marks (Open or Private, and Under review) and a
// switch under it that makes it private or open in one tap; add photos (members only: a
// non-member gets 'Upgrade now' before any file picker opens), select photos to switch or
// delete several at once, tap one to see it full size. Pull down to refresh.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../../components/AppBar';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Dialog';
import { PhotoViewer } from '../../../components/PhotoViewer';
import { PullToRefresh } from '../../../components/PullToRefresh';
import { Skeleton } from '../../../components/Skeleton';
import { CameraIcon, ClockIcon } from '../../../components/icons';
import { showToast } from '../../../lib/toast';
import { useAlbum, useRemovePhotos, useSetOpen } from '../api/album';
import type { Photo } from '../api/types';
import { MAX_PHOTOS, roomLeft } from '../photo-file';
import { MyPhotoGrid } from './MyPhotoGrid';
import { SelectionBar } from './SelectionBar';
import { StateBadge } from './StateBadge';
import { UpgradeDialog } from './UpgradeDialog';
import { UploadStatus } from './UploadStatus';
import { useAddingPhotos } from './use-adding-photos';
import './album.css';

export function MyAlbumView({ member }: { member: boolean }) {
  const { t } = useTranslation();
  const album = useAlbum();
  const photos = album.data?.rows ?? [];
  const room = roomLeft(photos.length);
  const fileInput = useRef<HTMLInputElement>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const { addFiles, busy, preparing, progress, problems } = useAddingPhotos(room, () =>
    setUpgradeOpen(true),
  );
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const shown = viewing === null ? undefined : photos[viewing];
  const setOpen = useSetOpen();
  const remove = useRemovePhotos();

  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };

  // Membership first: a non-member is offered 'Upgrade now' and no picker opens.
  const startAdding = () => {
    if (!member) {
      setUpgradeOpen(true);
      return;
    }
    fileInput.current?.click();
  };

  const ids = [...selected];
  const chosen = photos.filter((p) => selected.has(p.id));
  const switchTo = (isOpen: boolean) =>
    setOpen.mutate(
      { ids, isOpen },
      {
        onSuccess: () => {
          const waiting = chosen.some((p) => p.state === 'review');
          showToast(
            waiting
              ? t('album.choiceAfterReview')
              : isOpen
                ? t('album.madeOpen')
                : t('album.madePrivate'),
            'success',
          );
          stopSelecting();
        },
      },
    );
  // One photo, in one tap: the switch under it.
  const switchOne = (photo: Photo) =>
    setOpen.mutate(
      { ids: [photo.id], isOpen: !photo.isOpen },
      {
        onSuccess: () =>
          showToast(
            photo.state === 'review'
              ? t('album.choiceAfterReview')
              : photo.isOpen
                ? t('album.madePrivateOne')
                : t('album.madeOpenOne'),
            'success',
          ),
      },
    );
  const doDelete = () =>
    remove.mutate(ids, {
      onSuccess: () => {
        showToast(t('album.deleted'), 'success');
        setConfirmDelete(false);
        stopSelecting();
      },
      onError: () => setConfirmDelete(false),
    });

  const toggle = (photo: Photo) =>
    setSelected((now) => {
      const next = new Set(now);
      if (next.has(photo.id)) next.delete(photo.id);
      else next.add(photo.id);
      return next;
    });

  const inReview = photos.some((p) => p.state === 'review');

  return (
    <>
      <AppBar
        title={t('pages.album')}
        back
        end={
          photos.length > 0 && (
            <Button
              variant="ghost"
              small
              onClick={selecting ? stopSelecting : () => setSelecting(true)}
              disabled={busy}
              data-testid="album-select"
            >
              {selecting ? t('album.done') : t('album.select')}
            </Button>
          )
        }
      />
      <PullToRefresh onRefresh={() => album.refetch()}>
        <div className={selecting ? 'page album-page selecting' : 'page album-page'}>
          <p className="album-intro">
            {t('album.intro')}{' '}
            {album.data && (
              <span className="album-count" data-testid="album-count">
                {t('album.count', { n: photos.length, max: MAX_PHOTOS })}
              </span>
            )}
          </p>
          {inReview && (
            <p className="album-note" data-testid="review-note">
              <ClockIcon size={18} />
              <span>{t('album.reviewNote')}</span>
            </p>
          )}
          <UploadStatus preparing={preparing} progress={progress} problems={problems} />

          {album.isPending ? (
            <div className="album-grid" aria-busy="true">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} height="100%" style={{ aspectRatio: '3 / 4' }} />
              ))}
            </div>
          ) : (
            <>
              {photos.length === 0 && (
                <div className="album-empty">
                  <CameraIcon size={32} />
                  <h2>{t('album.emptyTitle')}</h2>
                  <p>{t('album.emptyBody')}</p>
                </div>
              )}
              <MyPhotoGrid
                photos={photos}
                selecting={selecting}
                selected={selected}
                room={room}
                busy={busy}
                switchingId={setOpen.isPending ? setOpen.variables?.ids[0] : undefined}
                onToggle={toggle}
                onView={setViewing}
                onSwitchOne={switchOne}
                onAdd={startAdding}
              />
              {room === 0 && <p className="album-full muted">{t('album.full')}</p>}
            </>
          )}
        </div>
      </PullToRefresh>

      {selecting && (
        <SelectionBar
          count={selected.size}
          switching={setOpen.isPending ? (setOpen.variables?.isOpen ?? null) : null}
          onSwitch={switchTo}
          onDelete={() => setConfirmDelete(true)}
        />
      )}

      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="album-file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void addFiles(files);
        }}
      />
      <ConfirmDialog
        open={confirmDelete}
        danger
        title={t('album.deleteTitle')}
        message={t('album.deleteBody', { n: selected.size })}
        confirmLabel={t('album.delete')}
        busy={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setConfirmDelete(false)}
      />
      <UpgradeDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
      <PhotoViewer
        photos={photos.map((photo, i) => ({
          src: photo.url,
          alt: t('album.photoAlt', { n: i + 1 }),
        }))}
        index={viewing}
        onIndex={setViewing}
        onClose={() => setViewing(null)}
        label={t('photoViewer.count', { number: (viewing ?? 0) + 1, total: photos.length })}
        photoTestId="album-full-photo"
      >
        {shown && <StateBadge state={shown.state} isOpen={shown.isOpen} />}
      </PhotoViewer>
    </>
  );
}
