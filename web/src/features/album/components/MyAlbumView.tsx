// My album: up to six photos, each with its marks (Open or Private, and Under review) and a
// switch under it that makes it private or open in one tap; add photos (members only: a
// non-member gets 'Upgrade now' before any file picker opens), select photos to switch or
// delete several at once, tap one to see it full size. Pull down to refresh.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../../components/AppBar';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Dialog';
import { PullToRefresh } from '../../../components/PullToRefresh';
import { Skeleton } from '../../../components/Skeleton';
import {
  CameraIcon,
  CheckIcon,
  ClockIcon,
  EyeIcon,
  LockIcon,
  PlusIcon,
  TrashIcon,
} from '../../../components/icons';
import { isUpgradeError } from '../../../lib/request';
import { showToast } from '../../../lib/toast';
import {
  type UploadProgress,
  useAddPhotos,
  useAlbum,
  useRemovePhotos,
  useSetOpen,
} from '../api/album';
import type { Photo } from '../api/types';
import { MAX_PHOTOS, PhotoError, pickWithin, readPhoto, roomLeft } from '../photo-file';
import { PhotoViewer } from './PhotoViewer';
import { StateBadge } from './StateBadge';
import { UpgradeDialog } from './UpgradeDialog';
import './album.css';

export function MyAlbumView({ member }: { member: boolean }) {
  const { t } = useTranslation();
  const album = useAlbum();
  const photos = album.data?.rows ?? [];
  const room = roomLeft(photos.length);
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const add = useAddPhotos(setProgress);
  const setOpen = useSetOpen();
  const remove = useRemovePhotos();
  const busy = preparing || add.isPending;

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

  const addFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (fileInput.current) fileInput.current.value = '';
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
        if (isUpgradeError(err)) setUpgradeOpen(true);
      },
      onSettled: () => setProgress(null),
    });
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
              <ul className="album-grid" data-testid="album-grid">
                {photos.map((photo, i) => (
                  <li key={photo.id}>
                    <button
                      type="button"
                      className={selected.has(photo.id) ? 'album-tile selected' : 'album-tile'}
                      aria-pressed={selecting ? selected.has(photo.id) : undefined}
                      onClick={() => (selecting ? toggle(photo) : setViewing(i))}
                      data-testid="album-photo"
                    >
                      <img src={photo.thumb || photo.url} alt={t('album.photoAlt', { n: i + 1 })} />
                      <StateBadge state={photo.state} isOpen={photo.isOpen} />
                      {selecting && (
                        <span className="album-check" aria-hidden="true">
                          {selected.has(photo.id) && <CheckIcon size={18} />}
                        </span>
                      )}
                    </button>
                    {!selecting && (
                      <PrivacySwitch
                        photo={photo}
                        n={i + 1}
                        busy={setOpen.isPending && setOpen.variables?.ids[0] === photo.id}
                        onSwitch={() => switchOne(photo)}
                      />
                    )}
                  </li>
                ))}
                {room > 0 && !selecting && (
                  <li>
                    <button
                      type="button"
                      className="album-add"
                      onClick={startAdding}
                      disabled={busy}
                      data-testid="album-add"
                    >
                      <PlusIcon size={30} />
                      <span>{t('album.add')}</span>
                      <small>{t('album.left', { n: room })}</small>
                    </button>
                  </li>
                )}
              </ul>
              {room === 0 && <p className="album-full muted">{t('album.full')}</p>}
            </>
          )}
        </div>
      </PullToRefresh>

      {selecting && (
        <div className="album-actions" role="toolbar" aria-label={t('album.selectionActions')}>
          <span className="album-selected" aria-live="polite">
            {t('album.selected', { n: selected.size })}
          </span>
          <div className="album-action-buttons">
            <Button
              variant="secondary"
              small
              disabled={!selected.size}
              loading={setOpen.isPending && setOpen.variables?.isOpen === true}
              onClick={() => switchTo(true)}
            >
              <EyeIcon size={18} />
              {t('album.makeOpen')}
            </Button>
            <Button
              variant="secondary"
              small
              disabled={!selected.size}
              loading={setOpen.isPending && setOpen.variables?.isOpen === false}
              onClick={() => switchTo(false)}
            >
              <LockIcon size={18} />
              {t('album.makePrivate')}
            </Button>
            <Button
              variant="danger"
              small
              disabled={!selected.size}
              onClick={() => setConfirmDelete(true)}
            >
              <TrashIcon size={18} />
              {t('album.delete')}
            </Button>
          </div>
        </div>
      )}

      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="album-file-input"
        onChange={(e) => void addFiles(e.target.files)}
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
        photos={photos}
        index={viewing}
        onIndex={setViewing}
        onClose={() => setViewing(null)}
        altOf={(n) => t('album.photoAlt', { n })}
        showState
      />
    </>
  );
}

/** Open or private, for one photo: a labelled switch under it, on when the photo is private. */
function PrivacySwitch({
  photo,
  n,
  busy,
  onSwitch,
}: {
  photo: Photo;
  n: number;
  busy: boolean;
  onSwitch: () => void;
}) {
  const { t } = useTranslation();
  const isPrivate = !photo.isOpen;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isPrivate}
      aria-label={t('album.privateSwitch', { n })}
      className={isPrivate ? 'album-privacy on' : 'album-privacy'}
      disabled={busy}
      onClick={onSwitch}
      data-testid="photo-private-switch"
    >
      <span className="album-privacy-text">
        {isPrivate ? t('album.state.private') : t('album.state.open')}
      </span>
      <span className="album-privacy-track" aria-hidden="true">
        <span className="album-privacy-knob" />
      </span>
    </button>
  );
}
