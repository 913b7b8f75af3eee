// The heart that likes a person or takes it back.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { HeartIcon } from '../../../components/icons';
import { showToast } from '../../../lib/toast';
import { useLikeState, useToggleLike } from '../api/like';
import type { LikeState } from '../api/types';
import { type MatchPerson, MatchMoment } from './MatchMoment';

/**
 * The heart: likes (winks at) a person or takes it back. The heart flips at once and settles on
 * the server's answer; a like that is returned is a match, and its moment opens (a toast when
 * the person is not known well enough to open their chat).
 */
export function LikeButton({
  userId,
  name,
  fallback,
  variant = 'icon',
  onMatch,
  person,
}: {
  userId: number;
  name: string;
  /** What to show when this device does not know yet (My Favourite: liked). */
  fallback?: LikeState;
  variant?: 'icon' | 'button';
  /** A match happened; without it, a toast says so. */
  onMatch?: () => void;
  /** Who they are: a match opens its moment, with their photo and "Say hi". */
  person?: MatchPerson;
}) {
  const { t } = useTranslation();
  const { liked } = useLikeState(userId, fallback);
  const [matched, setMatched] = useState<MatchPerson | null>(null);
  const toggle = useToggleLike({
    onMatch: () => {
      if (onMatch) onMatch();
      else if (person) setMatched(person);
      else showToast(t('people.matchToast', { name }), 'success', 5000);
    },
  });
  const onClick = () => toggle.mutate({ userId, liked });
  const moment = <MatchMoment person={matched} name={name} onClose={() => setMatched(null)} />;

  if (variant === 'button') {
    return (
      <>
        <Button
          variant={liked ? 'secondary' : 'primary'}
          className="like-action"
          aria-pressed={liked}
          onClick={onClick}
          data-testid="like-button"
        >
          <HeartIcon fill={liked ? 'currentColor' : 'none'} />
          {liked ? t('people.liked') : t('people.like')}
        </Button>
        {moment}
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        className={liked ? 'heart-btn liked' : 'heart-btn'}
        aria-pressed={liked}
        aria-label={t('people.likeName', { name })}
        onClick={onClick}
        data-testid="like-button"
      >
        <HeartIcon size={22} fill={liked ? 'currentColor' : 'none'} />
      </button>
      {moment}
    </>
  );
}
