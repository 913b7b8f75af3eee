// The people I blocked, each with Unblock.
import './people.css';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Dialog';
import { Flag } from '../../../components/Flag';
import { InfiniteList } from '../../../components/InfiniteList';
import { PullToRefresh } from '../../../components/PullToRefresh';
import { BlockIcon } from '../../../components/icons';
import { countryName } from '../../../i18n/countries';
import { formatRelativeTime } from '../../../i18n/format';
import { showToast } from '../../../lib/toast';
import { useUnblock } from '../api/block';
import { usePeopleList } from '../api/lists';
import { peopleTotal } from '../api/paging';
import type { Card } from '../api/types';
import { displayName } from '../display';
import { EmptyState } from './EmptyState';
import { NextPageRetry } from './NextPageRetry';
import { PeopleCount } from './PeopleCount';

/** People I blocked, each with Unblock (confirmed first). */
export function BlockedList() {
  const { t } = useTranslation();
  const query = usePeopleList('blocked');
  const unblock = useUnblock();
  const [confirm, setConfirm] = useState<Card | null>(null);
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const people = query.data?.pages.flatMap((p) => p.rows) ?? [];

  const doUnblock = () => {
    if (!confirm) return;
    const name = displayName(confirm);
    unblock.mutate(confirm.userId, {
      onSuccess: () => showToast(t('blocked.unblocked', { name }), 'success'),
      onSettled: () => setConfirm(null),
    });
  };

  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      <p className="muted blocked-hint">{t('blocked.hint')}</p>
      <PeopleCount total={peopleTotal(query.data)} />
      <InfiniteList
        items={people}
        getKey={(c) => c.userId}
        hasMore={query.hasNextPage && !query.isError}
        loading={query.isPending || query.isFetchingNextPage}
        onLoadMore={loadMore}
        empty={<EmptyState icon={<BlockIcon size={36} />} title={t('blocked.empty')} />}
        end={query.isError ? <NextPageRetry query={query} /> : undefined}
        renderItem={(card) => {
          const name = displayName(card);
          return (
            <div className="list-item blocked-row" data-testid="blocked-row">
              <Avatar src={card.avatarThumb ?? card.avatar} name={name} size={44} />
              <div className="grow">
                <div className="blocked-name">{name}</div>
                <div className="meta row" style={{ gap: 6 }}>
                  <Flag country={card.country} height={11} />
                  <span>
                    {countryName(card.country, t)}
                    {card.at && ` · ${t('blocked.since', { time: formatRelativeTime(card.at) })}`}
                  </span>
                </div>
              </div>
              <Button variant="outline" small onClick={() => setConfirm(card)}>
                {t('blocked.unblock')}
              </Button>
            </div>
          );
        }}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={t('blocked.unblockTitle', { name: confirm ? displayName(confirm) : '' })}
        message={t('blocked.unblockBody')}
        confirmLabel={t('blocked.unblock')}
        busy={unblock.isPending}
        onConfirm={doUnblock}
        onCancel={() => setConfirm(null)}
      />
    </PullToRefresh>
  );
}
