// Discover as a deck of cards: one person at a time, swiped right to like, left to pass and up
// to open the profile, or with the buttons and the arrow keys.
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { Flag } from '../../../components/Flag';
import { CompassIcon, HeartIcon } from '../../../components/icons';
import { countryName } from '../../../i18n/countries';
import { profileHref } from '../../../lib/paths';
import { isUpgradeError } from '../../../lib/request';
import { useDiscover } from '../api/discover';
import { setLike } from '../api/like';
import { passOn, undoPass } from '../api/pass';
import type { Card } from '../api/types';
import { displayName } from '../display';
import type { DiscoverFilters } from '../filters';
import { EmptyState } from './EmptyState';
import { type MatchPerson, MatchMoment } from './MatchMoment';
import { UpgradePanel } from './UpgradePanel';

/** How far (px) a card travels before letting go of it likes, passes or opens the profile. */
const THRESHOLD = 96;

type Verdict = 'pass' | 'like' | 'profile';

/**
 * The deck reads Discover's own pages (the same server paging as the grid, so a non-member's
 * daily allowance counts people the same way) and shows the people not yet liked or passed on
 * this visit; a pass is kept by the server, which leaves that person out of Discover for 30 days.
 */
export function CardDeck({ filters }: { filters: DiscoverFilters }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useDiscover(filters);
  const [done, setDone] = useState<ReadonlySet<number>>(() => new Set());
  const [lastPass, setLastPass] = useState<Card | null>(null);
  const [matched, setMatched] = useState<{ person: MatchPerson; name: string } | null>(null);
  const [drag, setDrag] = useState<{ x: number; y: number } | null>(null);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const deck = useRef<HTMLDivElement>(null);

  const people = (query.data?.pages ?? []).flatMap((p) => p.rows);
  const card = people.find((p) => !done.has(p.userId) && !p.liked);
  const left = people.filter((p) => !done.has(p.userId) && !p.liked).length;
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  useEffect(() => {
    if (left < 3 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [left, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const decide = (verdict: Verdict) => {
    if (!card) return;
    setDrag(null);
    if (verdict === 'profile') {
      void navigate(profileHref(card.userId));
      return;
    }
    setDone((d) => new Set(d).add(card.userId));
    if (verdict === 'pass') {
      setLastPass(card);
      void passOn(card.userId);
    } else {
      setLastPass(null);
      void setLike(card.userId, true).then((state) => {
        if (state.mutual) setMatched({ person: card, name: displayName(card) });
      });
    }
  };

  const undo = async () => {
    if (!lastPass) return;
    await undoPass(lastPass.userId);
    const back = lastPass.userId;
    setLastPass(null);
    setDone((d) => {
      const next = new Set(d);
      next.delete(back);
      return next;
    });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const verdict = ({ ArrowLeft: 'pass', ArrowRight: 'like', ArrowUp: 'profile' } as const)[
      e.key as 'ArrowLeft'
    ];
    if (verdict && e.target === deck.current) {
      e.preventDefault();
      decide(verdict);
    }
  };
  const onPointerDown = (e: PointerEvent) => {
    if ((e.target as HTMLElement).closest('button')) return;
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (start.current?.id !== e.pointerId) return;
    setDrag({ x: e.clientX - start.current.x, y: e.clientY - start.current.y });
  };
  const onPointerUp = () => {
    const moved = drag;
    start.current = null;
    if (!moved) return;
    if (moved.x > THRESHOLD) decide('like');
    else if (moved.x < -THRESHOLD) decide('pass');
    else if (moved.y < -THRESHOLD) decide('profile');
    else setDrag(null);
  };

  const upgrade = isUpgradeError(query.error);
  const moment = (
    <MatchMoment
      person={matched?.person ?? null}
      name={matched?.name ?? ''}
      onClose={() => setMatched(null)}
    />
  );
  if (!card) {
    return (
      <>
        {upgrade ? (
          <UpgradePanel reason="discover" />
        ) : query.isPending || isFetchingNextPage ? (
          <div className="deck-card deck-loading" aria-busy="true" />
        ) : (
          <EmptyState
            icon={<CompassIcon size={36} />}
            title={t('people.deckEmptyTitle')}
            body={t('people.deckEmptyBody')}
          />
        )}
        {moment}
      </>
    );
  }
  const name = displayName(card);
  const photo = card.avatar ?? card.avatarThumb;
  const tilt = drag ? Math.max(-12, Math.min(12, drag.x / 12)) : 0;
  return (
    <div className="deck">
      <div
        ref={deck}
        className="deck-stage"
        tabIndex={0}
        role="group"
        aria-label={t('people.deckLabel')}
        onKeyDown={onKeyDown}
        data-testid="card-deck"
      >
        <article
          key={card.userId}
          className={drag ? 'deck-card dragging' : 'deck-card'}
          style={
            drag
              ? { transform: `translate(${drag.x}px, ${drag.y}px) rotate(${tilt}deg)` }
              : undefined
          }
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDrag(null)}
          data-testid="deck-card"
          data-user-id={card.userId}
        >
          {photo ? (
            <img src={photo} alt={t('a11y.photoOf', { name })} draggable={false} />
          ) : (
            <span className="person-initial" aria-hidden="true">
              {name.charAt(0).toUpperCase()}
            </span>
          )}
          <div className="deck-info">
            <h2>
              <span data-testid="deck-name">{name}</span>{' '}
              <span className="person-age">{card.age}</span>
            </h2>
            <p className="person-place">
              <Flag country={card.country} height={12} />
              <span>{countryName(card.country, t)}</span>
            </p>
            {card.signature && <p className="deck-about">{card.signature}</p>}
          </div>
        </article>
      </div>
      <div className="deck-actions">
        {lastPass && (
          <Button variant="outline" onClick={() => void undo()} data-testid="deck-undo">
            {t('people.deckUndo')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => decide('pass')} data-testid="deck-pass">
          {t('people.deckPass')}
        </Button>
        <Button variant="outline" onClick={() => decide('profile')} data-testid="deck-profile">
          {t('people.deckProfile')}
        </Button>
        <Button onClick={() => decide('like')} data-testid="deck-like">
          <HeartIcon fill="currentColor" />
          {t('people.deckLike')}
        </Button>
      </div>
      {moment}
    </div>
  );
}
