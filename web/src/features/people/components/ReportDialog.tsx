// The dialog for reporting a person.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { CloseIcon, ImageIcon } from '../../../components/icons';
import { ReportForm } from '../../../components/ReportForm';
import { useReport } from '../api/report';
import { MAX_SCREENSHOTS, ScreenshotError, readScreenshot } from './screenshot';

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
      {open && <PersonReportForm userId={userId} name={name} onDone={onClose} />}
    </Dialog>
  );
}

function PersonReportForm({
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
  const [images, setImages] = useState<string[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);

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

  return (
    <ReportForm
      confirmBody={t('report.confirmBody', { name })}
      busy={report.isPending}
      onSend={(input) =>
        report.mutateAsync({ userId, ...input, ...(images.length ? { images } : {}) })
      }
      onDone={onDone}
    >
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
    </ReportForm>
  );
}
