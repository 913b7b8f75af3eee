// A feed of dynamics: everyone's, mine or one person's, newest first, with pull-to-refresh,
// paging as the end scrolls into view, and each card's menu and photo viewer.
import './feed.css';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { InfiniteList } from '../../../components/InfiniteList';
import { PullToRefresh } from '../../../components/PullToRefresh';
import { FeedIcon } from '../../../components/icons';
import { feedRows } from '../api/cache';
import { useFeed } from '../api/feed';
import { DynamicCard } from './DynamicCard';
import { CardSkeleton, FeedEmpty } from './FeedEmpty';
import { useDynamicMenu } from './DynamicMenu';
import { useDynamicPhotos } from './use-dynamic-photos';

export function FeedView({
  userId,
  empty,
  onLoaded,
  onBlocked,
}: {
  /** null: everyone's feed. */
  userId: number | null;
  /** What an empty feed says. */
  empty: { title: ReactNode; body: ReactNode; action?: ReactNode };
  /** Each time the first page arrives from the server (opening the feed clears its badge). */
  onLoaded?: () => void;
  onBlocked?: (userId: number) => void;
}) {
  const { t } = useTranslation();
  const feed = useFeed(userId);
  const { openMenu, dialogs } = useDynamicMenu({ onBlocked });
  const { openPhoto, viewer } = useDynamicPhotos();
  const rows = feedRows(feed.data);
  const { fetchNextPage } = feed;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  // A refetch reads the first page again: the server clears the badge each time.
  const firstPageAt = feed.isFetchedAfterMount ? feed.dataUpdatedAt : 0;
  useEffect(() => {
    if (firstPageAt) onLoaded?.();
  }, [firstPageAt, onLoaded]);

  if (feed.isError && rows.length === 0) {
    return (
      <FeedEmpty
        icon={<FeedIcon size={36} />}
        title={t('feed.loadFailed')}
        body={feed.error.message}
        action={<Button onClick={() => void feed.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  return (
    <PullToRefresh onRefresh={() => feed.refetch()}>
      <InfiniteList
        items={rows}
        getKey={(d) => d.id}
        className="dyn-list"
        renderItem={(d) => <DynamicCard dynamic={d} onMore={openMenu} onOpenPhoto={openPhoto} />}
        hasMore={Boolean(feed.hasNextPage)}
        loading={feed.isPending || feed.isFetchingNextPage}
        onLoadMore={loadMore}
        skeleton={<CardSkeleton />}
        empty={<FeedEmpty icon={<FeedIcon size={36} />} {...empty} />}
      />
      {dialogs}
      {viewer}
    </PullToRefresh>
  );
}
