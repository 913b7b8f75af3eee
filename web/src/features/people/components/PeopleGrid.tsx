// People as a responsive grid that loads the next page near its end.
import './people.css';
import type { ReactNode } from 'react';
import { InfiniteList } from '../../../components/InfiniteList';
import type { Card, LikeState } from '../api/types';
import { PersonCard, PersonCardSkeletons } from './PersonCard';

/** Pages of people as a responsive grid that loads the next page near its end. */
export function PeopleGrid<C extends Card>({
  data,
  loading,
  hasMore,
  onLoadMore,
  empty,
  end,
  caption,
  likeFallback,
}: {
  data: { pages: readonly { rows: readonly C[] }[] } | undefined;
  loading: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  empty: ReactNode;
  end?: ReactNode;
  caption?: (card: C) => ReactNode;
  likeFallback?: LikeState;
}) {
  const cards = data?.pages.flatMap((p) => p.rows) ?? [];
  // Tokens never repeat a person within a scroll; should a list still (a cache patched by hand),
  // each person shows once, as React's keys need.
  const seen = new Set<number>();
  const unique = cards.filter((c) => !seen.has(c.userId) && seen.add(c.userId));
  return (
    <InfiniteList
      items={unique}
      getKey={(c) => c.userId}
      className="people-grid"
      skeleton={<PersonCardSkeletons count={unique.length ? 2 : 6} />}
      hasMore={hasMore}
      loading={loading}
      onLoadMore={onLoadMore}
      empty={empty}
      end={end}
      renderItem={(card) => (
        <PersonCard card={card} caption={caption?.(card)} likeFallback={likeFallback} />
      )}
    />
  );
}
