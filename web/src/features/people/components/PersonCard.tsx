// A person's card in a grid, and the grid's loading shape.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Flag } from '../../../components/Flag';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { CrownIcon } from '../../../components/icons';
import { countryName } from '../../../i18n/countries';
import { profileHref } from '../../../lib/paths';
import type { Card, LikeState } from '../api/types';
import { displayName } from '../display';
import { LikeButton } from './LikeButton';

/** A person in a grid: photo, name (or my remark), age, country, online dot, VIP badge, heart. */
export function PersonCard({
  card,
  caption,
  likeFallback,
}: {
  card: Card;
  /** A line under the photo: "Liked you 2 hours ago". */
  caption?: ReactNode;
  likeFallback?: LikeState;
}) {
  const { t } = useTranslation();
  const name = displayName(card);
  const photo = card.avatarThumb ?? card.avatar;
  return (
    <article className="person-card" data-testid="person-card" data-user-id={card.userId}>
      <Link to={profileHref(card.userId)} className="person-link">
        <div className="person-photo">
          {photo ? (
            <img src={photo} alt={t('a11y.photoOf', { name })} loading="lazy" />
          ) : (
            <span className="person-initial" aria-hidden="true">
              {name.charAt(0).toUpperCase()}
            </span>
          )}
          {card.level && (
            <span className="vip-badge" data-testid="vip-badge">
              <CrownIcon size={12} />
              {card.level}
            </span>
          )}
          <div className="person-overlay">
            <h2 className="person-name">
              {card.online && (
                <span className="online-dot" role="img" aria-label={t('people.onlineNow')} />
              )}
              <span className="person-name-text" data-testid="person-name" data-may-truncate>
                {name}
              </span>
              {card.verified && <VerifiedBadge size={14} />}
              <span className="person-age">{card.age}</span>
            </h2>
            <p className="person-place">
              <Flag country={card.country} height={12} />
              <span>{countryName(card.country, t)}</span>
            </p>
          </div>
        </div>
        {caption && <p className="person-caption">{caption}</p>}
      </Link>
      <LikeButton
        userId={card.userId}
        name={name}
        fallback={likeFallback ?? { liked: card.liked, mutual: false }}
        person={card}
      />
    </article>
  );
}

/** The grid's loading shape: photo-sized placeholders. */
export function PersonCardSkeletons({ count = 4 }: { count?: number }) {
  return (
    <div className="people-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="person-card skeleton person-skeleton" />
      ))}
    </div>
  );
}
