// My Favourite, Wink Me and Love's Footprints.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { PullToRefresh } from '../../../components/PullToRefresh';
import { FootprintIcon, HeartIcon, WinkIcon } from '../../../components/icons';
import { formatRelativeTime } from '../../../i18n/format';
import { paths } from '../../../lib/paths';
import { isUpgradeError } from '../../../lib/request';
import { useCounters } from '../api/counters';
import { usePeopleList } from '../api/lists';
import { peopleTotal } from '../api/paging';
import type { Card } from '../api/types';
import { EmptyState } from './EmptyState';
import { NextPageRetry } from './NextPageRetry';
import { PeopleCount } from './PeopleCount';
import { PeopleGrid } from './PeopleGrid';
import { UpgradePanel } from './UpgradePanel';

export type FavouriteList = 'likeTo' | 'likeMe' | 'visitor';

const LIKED = { liked: true, mutual: false };

/**
 * My Favourite (people I like), Wink Me (people who like me) and Love's Footprints (who visited
 * me), each person with when it happened. The last two are for members: others see how many
 * people are waiting and 'Upgrade now'.
 */
export function PeopleListView({ kind }: { kind: FavouriteList }) {
  const { t } = useTranslation();
  const query = usePeopleList(kind);
  const counters = useCounters();
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  if (isUpgradeError(query.error)) {
    const waiting = kind === 'likeMe' ? counters.data?.LikeMe : counters.data?.Visitor;
    return <UpgradePanel reason={kind === 'likeMe' ? 'likeMe' : 'visitor'} count={waiting ?? 0} />;
  }

  const caption = (card: Card) => {
    if (!card.at) return null;
    const time = formatRelativeTime(card.at);
    if (kind === 'likeTo') return t('people.youLikedAt', { time });
    if (kind === 'likeMe') return t('people.likedYouAt', { time });
    return t('people.visitedAt', { time });
  };

  const empty =
    kind === 'likeTo' ? (
      <EmptyState
        icon={<HeartIcon size={36} />}
        title={t('people.emptyFavouriteTitle')}
        body={t('people.emptyFavouriteBody')}
        action={
          <Link className="btn btn-secondary" to={paths.root}>
            {t('people.browse')}
          </Link>
        }
      />
    ) : kind === 'likeMe' ? (
      <EmptyState
        icon={<WinkIcon size={36} />}
        title={t('people.emptyWinksTitle')}
        body={t('people.emptyWinksBody')}
      />
    ) : (
      <EmptyState
        icon={<FootprintIcon size={36} />}
        title={t('people.emptyFootprintsTitle')}
        body={t('people.emptyFootprintsBody')}
      />
    );

  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {query.isError && !query.data ? (
        <EmptyState
          icon={<HeartIcon size={36} />}
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
            likeFallback={kind === 'likeTo' ? LIKED : undefined}
            empty={empty}
            end={query.isError ? <NextPageRetry query={query} /> : undefined}
          />
        </>
      )}
    </PullToRefresh>
  );
}
