// Why staff say no, asked before the decision goes: a selfie's reason, or a photo's or a post's
// reason to be taken down with staff's own words; the owner is told, in their language.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import {
  TAKE_DOWN_REASONS,
  type TakeDownReason,
  VERIFICATION_REASONS,
  type VerificationReason,
} from '../api/types';

/** Why a selfie is refused: its owner is told, in their language. */
export function RejectReasonDialog({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (reason: VerificationReason) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<VerificationReason>('pose');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('staff.review.rejectWhy')}
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => onChoose(reason)} data-testid="reject-selfie">
            {t('staff.review.reject')}
          </Button>
        </>
      }
    >
      <fieldset className="staff-reasons">
        {VERIFICATION_REASONS.map((r) => (
          <label key={r} className="staff-reason">
            <input
              type="radio"
              name="verification-reason"
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            {t(`verification.reason.${r}`)}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}

/** Why a photo or a post is taken down, and staff's words: its owner is told, in their language. */
export function TakeDownDialog({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (reason: TakeDownReason, note: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<TakeDownReason>('nudity');
  const [note, setNote] = useState('');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('staff.review.takeDownWhy')}
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => {
              onChoose(reason, note.trim());
              setNote('');
            }}
            data-testid="take-down"
          >
            {t('staff.review.takeDown')}
          </Button>
        </>
      }
    >
      <fieldset className="staff-reasons">
        {TAKE_DOWN_REASONS.map((r) => (
          <label key={r} className="staff-reason">
            <input
              type="radio"
              name="take-down-reason"
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            {t(`staff.review.takeDownReason.${r}`)}
          </label>
        ))}
      </fieldset>
      <label className="staff-reason-note">
        {t('staff.review.takeDownNote')}
        <textarea value={note} maxLength={500} rows={3} onChange={(e) => setNote(e.target.value)} />
      </label>
    </Dialog>
  );
}
