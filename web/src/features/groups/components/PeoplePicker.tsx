// Choosing people for a group: the people I may add (the page's: my conversations and matches),
// each with a checkbox.
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/Avatar';

/** Someone who may be added to a group. */
export interface Candidate {
  userId: number;
  userName: string;
  avatar?: string | null;
}

export function PeoplePicker({
  people,
  chosen,
  onChange,
}: {
  people: readonly Candidate[];
  chosen: ReadonlySet<number>;
  onChange: (chosen: Set<number>) => void;
}) {
  const { t } = useTranslation();
  if (people.length === 0) {
    return <p className="muted">{t('groups.noPeople')}</p>;
  }
  const toggle = (userId: number) => {
    const next = new Set(chosen);
    if (next.has(userId)) next.delete(userId);
    else next.add(userId);
    onChange(next);
  };
  return (
    <ul className="list group-picker" aria-label={t('groups.pickPeople')}>
      {people.map((p) => (
        <li key={p.userId}>
          <label className="list-item group-pick" data-testid="group-candidate">
            <Avatar src={p.avatar} name={p.userName} size={40} alt="" />
            <span className="grow">{p.userName}</span>
            <input
              type="checkbox"
              checked={chosen.has(p.userId)}
              onChange={() => toggle(p.userId)}
              aria-label={p.userName}
            />
          </label>
        </li>
      ))}
    </ul>
  );
}
