// "It's a match": the moment a like is returned, with both photos, "Say hi" and "Keep browsing".
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { HeartIcon } from '../../../components/icons';
import { chatHref } from '../../../lib/paths';
import { StorageKey, getJSON } from '../../../lib/storage';
import type { Card } from '../api/types';

export type MatchPerson = Pick<Card, 'userId' | 'userName' | 'emUser' | 'avatar' | 'gender'>;

/**
 * Full screen over the page for the person who made the match by liking back, once: it lives in
 * the moment of the like's answer and nowhere else, so a reload or the next like does not bring
 * it back. A native modal dialog: focus stays inside, Escape closes. Without motion when the
 * reader prefers reduced motion (see people.css).
 */
export function MatchMoment({
  person,
  name,
  onClose,
}: {
  person: MatchPerson | null;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Who I am, as this device remembers me since signing in (USER_INFO).
  const me = getJSON<{ userName?: string; avatar?: string | null } | null>(
    StorageKey.USER_INFO,
    null,
  );
  return (
    <Dialog
      open={person !== null}
      onClose={onClose}
      title={t('people.match')}
      className="match-moment"
      actions={
        person && (
          <>
            <Button
              onClick={() => {
                onClose();
                void navigate(chatHref(person), { state: { focusComposer: true } });
              }}
              data-testid="match-say-hi"
            >
              {t('people.matchSayHi')}
            </Button>
            <Button variant="outline" onClick={onClose} data-testid="match-keep-browsing">
              {t('people.keepBrowsing')}
            </Button>
          </>
        )
      }
    >
      {person && (
        <div className="match-moment-body" data-testid="match-moment">
          <div className="match-photos">
            <Avatar
              src={me?.avatar}
              name={me?.userName ?? ''}
              size={112}
              alt={t('people.matchMe')}
            />
            <span className="match-heart" aria-hidden="true">
              <HeartIcon size={36} fill="currentColor" />
            </span>
            <Avatar src={person.avatar} name={name} size={112} />
          </div>
          <p className="match-name">{name}</p>
          <p>{t('people.matchBody', { name })}</p>
        </div>
      )}
    </Dialog>
  );
}
