// The members sheet's two forms: renaming the group, and choosing people to add to it.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/Field';
import { MAX_GROUP_NAME } from './NewGroupSheet';
import { type Candidate, PeoplePicker } from './PeoplePicker';

export function RenameGroupDialog({
  open,
  current,
  busy,
  onRename,
  onClose,
}: {
  open: boolean;
  /** The name now, the field's first value. */
  current: string;
  busy: boolean;
  onRename: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(current);
  const [opened, setOpened] = useState(open);
  // Each opening starts from the name the group has then.
  if (open !== opened) {
    setOpened(open);
    if (open) setName(current);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) onRename(name.trim());
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('groups.rename')}>
      <form onSubmit={submit}>
        <TextField
          label={t('groups.nameLabel')}
          value={name}
          maxLength={MAX_GROUP_NAME}
          onChange={(e) => setName(e.target.value)}
          required
        />
        <div className="row">
          <Button variant="outline" className="grow" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" className="grow" loading={busy}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function AddPeopleDialog({
  open,
  people,
  busy,
  onAdd,
  onClose,
}: {
  open: boolean;
  /** Who may be added (not in the group yet). */
  people: readonly Candidate[];
  busy: boolean;
  /** Adds them; `done` once they are in. */
  onAdd: (userIds: number[], done: () => void) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  return (
    <Dialog open={open} onClose={onClose} title={t('groups.addPeople')} sheet>
      <PeoplePicker people={people} chosen={chosen} onChange={setChosen} />
      <div className="sheet-form-actions row">
        <Button variant="outline" className="grow" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          className="grow"
          loading={busy}
          disabled={chosen.size === 0}
          onClick={() => onAdd([...chosen], () => setChosen(new Set()))}
        >
          {t('groups.add')}
        </Button>
      </div>
    </Dialog>
  );
}
