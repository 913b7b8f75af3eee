// Making a group: its name and the people in it, then it opens.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/Field';
import { useCreateGroup } from '../api/groups';
import type { Group } from '../api/types';
import { type Candidate, PeoplePicker } from './PeoplePicker';
import './groups.css';

/** The server's limit of a group's name. */
export const MAX_GROUP_NAME = 50;

export function NewGroupSheet({
  open,
  onClose,
  people,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  /** Who may be chosen. */
  people: readonly Candidate[];
  onCreated: (group: Group) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const trimmed = name.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || chosen.size === 0) return;
    create.mutate(
      { name: trimmed, userIds: [...chosen] },
      {
        onSuccess: (group) => {
          setName('');
          setChosen(new Set());
          onCreated(group);
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('groups.newGroup')} sheet>
      <form onSubmit={submit}>
        <TextField
          label={t('groups.nameLabel')}
          value={name}
          maxLength={MAX_GROUP_NAME}
          onChange={(e) => setName(e.target.value)}
          required
        />
        <h3 className="section-title">{t('groups.pickPeople')}</h3>
        <PeoplePicker people={people} chosen={chosen} onChange={setChosen} />
        <div className="sheet-form-actions row">
          <Button variant="outline" className="grow" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            className="grow"
            loading={create.isPending}
            disabled={!trimmed || chosen.size === 0}
          >
            {t('groups.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
