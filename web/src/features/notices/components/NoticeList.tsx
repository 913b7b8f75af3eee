// The announcements: newest first, page by page as the list scrolls, pull down to refresh. Each
// shows its title, date and body as plain text (line breaks kept, nothing clickable); a long one
// is folded until "Read more".
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { InfiniteList } from '../../../components/InfiniteList';
import { PullToRefresh } from '../../../components/PullToRefresh';
import { BellIcon } from '../../../components/icons';
import { formatDate } from '../../../i18n/format';
import { useNotices } from '../api/notices';
import type { Notice } from '../api/types';
import { isLongNotice } from '../notice-text';
import { parseServerTime } from '../time';
import './notices.css';

export function NoticeList() {
  const { t } = useTranslation();
  const query = useNotices();
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const notices = query.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {query.isError && !query.data ? (
        <section className="center-view">
          <BellIcon size={36} />
          <h2>{t('bulletin.loadFailed')}</h2>
          <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
        </section>
      ) : (
        <InfiniteList
          items={notices}
          getKey={(n) => n.id}
          renderItem={(n) => <NoticeItem notice={n} />}
          hasMore={query.hasNextPage && !query.isError}
          loading={query.isPending || query.isFetchingNextPage}
          onLoadMore={loadMore}
          className="notice-list"
          empty={
            <section className="center-view" data-testid="bulletin-empty">
              <div className="coming-soon-art" aria-hidden="true">
                <BellIcon size={40} />
              </div>
              <h2>{t('bulletin.emptyTitle')}</h2>
              <p>{t('bulletin.emptyBody')}</p>
            </section>
          }
        />
      )}
    </PullToRefresh>
  );
}

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const titleId = useId();
  const long = isLongNotice(notice.body);
  return (
    <article className="notice card" aria-labelledby={titleId} data-testid="notice">
      <h2 id={titleId} className="notice-title">
        {notice.title}
      </h2>
      <time className="notice-date" dateTime={notice.createdAt}>
        {formatDate(parseServerTime(notice.createdAt), { dateStyle: 'long' })}
      </time>
      {/* Tapping a folded body opens it too; the button is the control for keyboards. */}
      <p
        id={bodyId}
        className={long && !open ? 'notice-body folded' : 'notice-body'}
        onClick={long && !open ? () => setOpen(true) : undefined}
      >
        {notice.body}
      </p>
      {long && (
        <button
          type="button"
          className="notice-more"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t('bulletin.showLess') : t('bulletin.readMore')}
        </button>
      )}
    </article>
  );
}
