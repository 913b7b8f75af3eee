// The dialog for my private remark on a person.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/Field';
import { showToast } from '../../../lib/toast';
import { REMARK_MAX, useUpdateRemark } from '../api/remark';

/** My private name for a person (at most 30 characters); empty shows their own name again. */
export function RemarkDialog({
  open,
  onClose,
  userId,
  userName,
  remark,
}: {
  open: boolean;
  onClose: () => void;
  userId: number;
  userName: string;
  remark: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('people.remarkTitle')}>
      {open && (
        <RemarkForm userId={userId} userName={userName} remark={remark ?? ''} onDone={onClose} />
      )}
    </Dialog>
  );
}

function RemarkForm({
  userId,
  userName,
  remark,
  onDone,
}: {
  userId: number;
  userName: string;
  remark: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateRemark();
  const [value, setValue] = useState(remark);
  const length = [...value.trim()].length;
  const tooLong = length > REMARK_MAX;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (tooLong) return;
    update.mutate(
      { userId, remark: value },
      {
        onSuccess: (card) => {
          showToast(card.remark ? t('people.remarkSaved') : t('people.remarkCleared'), 'success');
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="dialog-text">{t('people.remarkHint', { name: userName })}</p>
      <TextField
        label={t('people.remarkLabel')}
        value={value}
        placeholder={userName}
        autoFocus
        maxLength={REMARK_MAX + 10}
        onChange={(e) => setValue(e.target.value)}
        error={tooLong ? t('people.remarkTooLong', { max: REMARK_MAX }) : null}
        hint={t('people.charsLeft', { used: length, max: REMARK_MAX })}
      />
      <div className="dialog-actions inline-actions">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={update.isPending} disabled={tooLong}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
