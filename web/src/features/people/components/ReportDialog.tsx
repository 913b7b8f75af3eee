// The dialog for reporting a person.
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ConfirmDialog, Dialog } from '../../../components/Dialog';
import { TextArea } from '../../../components/Field';
import { CloseIcon, ImageIcon } from '../../../components/icons';
import { showToast } from '../../../lib/toast';
import { useReport } from '../api/report';
import { ReportReasons } from '../../../components/ReportReasons';
import type { ReportReason } from '../../../lib/report-reasons';
import { MAX_SCREENSHOTS, ScreenshotError, readScreenshot } from './screenshot';

export const REPORT_TEXT_MAX = 500;

/** Report a person: a reason, optional details and up to three screenshots, confirmed first. */
export function ReportDialog({
  open,
  onClose,
  userId,
  name,
}: {
  open: boolean;
  onClose: () => void;
  userId: number;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('report.title', { name })}
      sheet
      className="report-sheet"
    >
      {open && <ReportForm userId={userId} name={name} onDone={onClose} />}
    </Dialog>
  );
}

function ReportForm({
  userId,
  name,
  onDone,
}: {
  userId: number;
  name: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const report = useReport();
  const fileInput = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const addFiles = async (files: FileList | null) => {
    setImageError(null);
    const room = MAX_SCREENSHOTS - images.length;
    const picked = [...(files ?? [])].slice(0, room);
    if ((files?.length ?? 0) > room) setImageError(t('report.tooMany', { max: MAX_SCREENSHOTS }));
    for (const file of picked) {
      try {
        const dataUrl = await readScreenshot(file);
        setImages((list) => (list.length < MAX_SCREENSHOTS ? [...list, dataUrl] : list));
      } catch (err) {
        const problem = err instanceof ScreenshotError ? err.problem : 'unreadable';
        setImageError(t(`report.image.${problem}`));
      }
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError(t('report.chooseReason'));
    setConfirming(true);
  };

  const send = () => {
    if (!reason) return;
    const text = content.trim();
    report.mutate(
      { userId, reason, ...(text ? { content: text } : {}), ...(images.length ? { images } : {}) },
      {
        onSuccess: () => {
          showToast(t('report.sent'), 'success');
          onDone();
        },
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="report-form">
      <ReportReasons
        value={reason}
        error={error}
        onChange={(r) => {
          setReason(r);
          setError(null);
        }}
      />
      <TextArea
        label={t('report.details')}
        optional
        value={content}
        maxLength={REPORT_TEXT_MAX}
        placeholder={t('report.detailsPlaceholder')}
        onChange={(e) => setContent(e.target.value)}
        hint={t('people.charsLeft', { used: [...content].length, max: REPORT_TEXT_MAX })}
      />
      <div className={imageError ? 'field invalid' : 'field'}>
        <span className="field-label">
          {t('report.screenshots')} <span className="optional">({t('common.optional')})</span>
        </span>
        <div className="shots">
          {images.map((src, i) => (
            <div key={i} className="shot">
              <img src={src} alt={t('report.screenshotN', { number: i + 1 })} />
              <button
                type="button"
                className="shot-remove"
                aria-label={t('report.removeScreenshot', { number: i + 1 })}
                onClick={() => setImages((list) => list.filter((_, j) => j !== i))}
              >
                <CloseIcon size={14} />
              </button>
            </div>
          ))}
          {images.length < MAX_SCREENSHOTS && (
            <button
              type="button"
              className="shot shot-add"
              onClick={() => fileInput.current?.click()}
            >
              <ImageIcon size={22} />
              <span>{t('report.addScreenshot')}</span>
            </button>
          )}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="report-screenshot-input"
          onChange={(e) => void addFiles(e.target.files)}
        />
        {imageError ? (
          <span className="field-error" role="alert">
            {imageError}
          </span>
        ) : (
          <span className="field-hint">
            {t('report.screenshotsHint', { max: MAX_SCREENSHOTS })}
          </span>
        )}
      </div>
      <div className="dialog-actions sheet-form-actions">
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger">
          {t('report.send')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        danger
        title={t('report.confirmTitle')}
        message={t('report.confirmBody', { name })}
        confirmLabel={t('report.send')}
        busy={report.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
