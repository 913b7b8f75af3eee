// The reasons a report is made for, as radio buttons: one list for reporting a person, a group
// or a message in a group (the server takes the same codes for all three).
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS, type ReportReason } from '../lib/report-reasons';
import './report-reasons.css';

export function ReportReasons({
  value,
  onChange,
  error,
}: {
  value: ReportReason | '';
  onChange: (reason: ReportReason) => void;
  /** "Please choose a reason", after sending without one. */
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className={error ? 'field invalid report-reasons' : 'field report-reasons'}
      aria-describedby="report-reason-error"
    >
      <legend className="field-label">{t('report.reason')}</legend>
      <div className="reason-list">
        {REPORT_REASONS.map((r) => (
          <label key={r} className={value === r ? 'reason checked' : 'reason'}>
            <input
              type="radio"
              name="report-reason"
              value={r}
              checked={value === r}
              onChange={() => onChange(r)}
            />
            {t(`report.reasons.${r}`)}
          </label>
        ))}
      </div>
      {error && (
        <span className="field-error" id="report-reason-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
