// People nearby: the invitation to share my area, then the people sharing theirs, nearest first.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { PullToRefresh } from '../../../components/PullToRefresh';
import { makeIcon } from '../../../components/icons';
import { isUpgradeError } from '../../../lib/request';
import { asksToShareFirst, useNearby } from '../api/nearby';
import { peopleTotal } from '../api/paging';
import type { NearbyCard } from '../api/types';
import { distanceText } from '../geolocation';
import { EmptyState } from './EmptyState';
import { NextPageRetry } from './NextPageRetry';
import { PeopleCount } from './PeopleCount';
import { PeopleGrid } from './PeopleGrid';
import { ShareAreaButton } from './ShareArea';
import { UpgradePanel } from './UpgradePanel';

export const NearbyIcon = makeIcon(
  <>
    <path d="M12 21s-6.5-6.1-6.5-11.2a6.5 6.5 0 0 1 13 0C18.5 14.9 12 21 12 21z" />
    <circle cx="12" cy="9.8" r="2.3" />
    <path d="M3 21h18" />
  </>,
);

/**
 * People nearby (`/pages/indexBranch/indexBranch`): until I share my area, what sharing means
 * and "Share my area" (the browser asks for the position only then); then everyone sharing
 * theirs, nearest first, "less than 5 km", "12 km · in Osaka", to the end of the list.
 */
export function NearbyView({ onShared }: { onShared?: () => void }) {
  const { t, i18n } = useTranslation();
  const query = useNearby();
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const nothingYet = !query.data?.pages.some((p) => p.rows.length > 0);
  const upgrade = isUpgradeError(query.error);

  if (asksToShareFirst(query.error)) {
    return (
      <section className="center-view empty-state nearby-invite" data-testid="nearby-invite">
        <div className="empty-art" aria-hidden="true">
          <NearbyIcon size={36} />
        </div>
        <h2>{t('nearby.shareTitle')}</h2>
        <p>{t('nearby.shareBody')}</p>
        <ShareAreaButton onShared={onShared} />
      </section>
    );
  }

  const caption = (card: NearbyCard) => {
    const distance = distanceText(card.distanceKm, t, i18n.language);
    return (
      <span className="nearby-caption" data-testid="nearby-distance">
        {card.town ? t('nearby.distanceInTown', { distance, town: card.town }) : distance}
      </span>
    );
  };

  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {upgrade && nothingYet ? (
        <UpgradePanel reason="discover" />
      ) : query.isError && nothingYet ? (
        <EmptyState
          icon={<NearbyIcon size={36} />}
          title={t('people.loadFailed')}
          action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <>
          <PeopleCount total={peopleTotal(query.data)} />
          <PeopleGrid
            data={query.data}
            loading={query.isPending || query.isFetchingNextPage}
            hasMore={query.hasNextPage && !query.isError}
            onLoadMore={loadMore}
            caption={caption}
            end={
              upgrade ? (
                <UpgradePanel reason="discover" compact />
              ) : query.isError ? (
                <NextPageRetry query={query} />
              ) : undefined
            }
            empty={
              <EmptyState
                icon={<NearbyIcon size={36} />}
                title={t('nearby.emptyTitle')}
                body={t('nearby.emptyBody')}
              />
            }
          />
        </>
      )}
    </PullToRefresh>
  );
}
