// Profile photo picker: choose an image, crop it square (drag + zoom), get a JPEG data URL of at
// most 1024 px.
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { CameraIcon } from '../../../components/icons';
import { MAX_IMAGE_BYTES } from '../validation';
import { type CropState, MAX_ZOOM, clamp, cropRect, initialState, zoomTo } from './crop-math';

const VIEW = 260;

export function AvatarPicker({
  value,
  onChange,
  error,
  name,
}: {
  value: string;
  onChange: (dataUrl: string) => void;
  error?: string | undefined;
  name: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);

  const pick = (file: File | undefined) => {
    setPickError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) return setPickError(t('crop.notImage'));
    if (file.size > MAX_IMAGE_BYTES) return setPickError(t('crop.tooLarge'));
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => setImage(img);
    img.onerror = () => {
      URL.revokeObjectURL(url);
      setPickError(t('crop.unreadable'));
    };
    img.src = url;
  };

  const close = () => {
    if (image) URL.revokeObjectURL(image.src);
    setImage(null);
    if (input.current) input.current.value = '';
  };

  const shownError = pickError ?? error;
  return (
    <div className={shownError ? 'field invalid avatar-picker' : 'field avatar-picker'}>
      <span className="field-label" id="avatar-label">
        {t('fields.avatar')}
      </span>
      <div className="row">
        <button
          type="button"
          className="avatar-button"
          onClick={() => input.current?.click()}
          aria-labelledby="avatar-label"
          aria-describedby={shownError ? 'avatar-error' : 'avatar-hint'}
        >
          {value ? (
            <Avatar src={value} name={name || '?'} size={84} alt={t('fields.avatar')} />
          ) : (
            <span className="avatar-empty">
              <CameraIcon size={30} />
            </span>
          )}
        </button>
        <div className="stack" style={{ gap: 6, flex: 1 }}>
          <Button variant="secondary" small onClick={() => input.current?.click()}>
            {value ? t('register.changePhoto') : t('register.choosePhoto')}
          </Button>
          <span className="field-hint" id="avatar-hint">
            {t('register.photoHint')}
          </span>
        </div>
      </div>
      {shownError && (
        <span className="field-error" id="avatar-error" role="alert">
          {shownError}
        </span>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid="avatar-input"
        onChange={(e) => pick(e.target.files?.[0])}
      />
      <Dialog open={image !== null} onClose={close} title={t('crop.title')}>
        {image && (
          <Cropper
            image={image}
            onCancel={close}
            onDone={(dataUrl) => {
              onChange(dataUrl);
              close();
            }}
          />
        )}
      </Dialog>
    </div>
  );
}

function Cropper({
  image,
  onDone,
  onCancel,
}: {
  image: HTMLImageElement;
  onDone: (dataUrl: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const w = image.naturalWidth;
  const h = image.naturalHeight;
  const [state, setState] = useState<CropState>(() => initialState(w, h, VIEW));
  const drag = useRef<{ px: number; py: number; x: number; y: number } | null>(null);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = frame.current;
    if (!node) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      setState((s) => zoomTo(s, s.zoom * (e.deltaY < 0 ? 1.08 : 1 / 1.08), w, h, VIEW));
    };
    node.addEventListener('wheel', onWheel, { passive: false });
    return () => node.removeEventListener('wheel', onWheel);
  }, [w, h]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { px: e.clientX, py: e.clientY, x: state.x, y: state.y };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setState((s) =>
      clamp({ ...s, x: d.x + e.clientX - d.px, y: d.y + e.clientY - d.py }, w, h, VIEW),
    );
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const done = () => {
    const rect = cropRect(state, w, h, VIEW);
    const canvas = document.createElement('canvas');
    canvas.width = rect.output;
    canvas.height = rect.output;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, rect.output, rect.output);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image, rect.sx, rect.sy, rect.size, rect.size, 0, 0, rect.output, rect.output);
    onDone(canvas.toDataURL('image/jpeg', 0.9));
  };

  const scale = (VIEW / Math.min(w, h)) * state.zoom;
  return (
    <div className="cropper">
      <p className="field-hint" style={{ marginBottom: 12 }}>
        {t('crop.hint')}
      </p>
      <div
        ref={frame}
        className="crop-frame"
        style={{ width: VIEW, height: VIEW }}
        data-testid="crop-frame"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <img
          src={image.src}
          alt=""
          draggable={false}
          style={{
            width: w,
            height: h,
            transform: `translate(${state.x}px, ${state.y}px) scale(${scale})`,
          }}
        />
        <div className="crop-ring" aria-hidden="true" />
      </div>
      <label className="crop-zoom">
        <span>{t('crop.zoom')}</span>
        <input
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.01}
          value={state.zoom}
          onChange={(e) => setState((s) => zoomTo(s, Number(e.target.value), w, h, VIEW))}
        />
      </label>
      <div className="dialog-actions" style={{ padding: '12px 0 0' }}>
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={done}>{t('crop.use')}</Button>
      </div>
    </div>
  );
}
