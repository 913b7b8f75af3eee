// Renders pages of items and asks for the next page when the end of the list scrolls into view.
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { SkeletonRow } from './Skeleton';

export function InfiniteList<T>({
  items,
  renderItem,
  getKey,
  hasMore,
  loading,
  onLoadMore,
  empty,
  className = 'list',
  skeleton,
  end,
}: {
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => string | number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  empty?: ReactNode;
  /** Class of the <ul>: 'list' rows by default; a grid passes its own. */
  className?: string;
  /** What shows while a page loads (two skeleton rows by default). */
  skeleton?: ReactNode;
  /** Shown after the last item instead of "That's everything". */
  end?: ReactNode;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onLoadMore();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading, onLoadMore]);

  if (!loading && items.length === 0 && empty) return <>{empty}</>;
  return (
    <div>
      <ul className={className}>
        {items.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      {loading && (
        <div aria-busy="true">
          {skeleton ?? (
            <>
              <SkeletonRow />
              <SkeletonRow />
            </>
          )}
        </div>
      )}
      <div ref={sentinel} style={{ padding: 12, textAlign: 'center' }}>
        {hasMore && !loading ? (
          <Button variant="ghost" small onClick={onLoadMore}>
            {t('common.loadMore')}
          </Button>
        ) : (
          !hasMore &&
          items.length > 0 &&
          (end ?? <span className="muted">{t('common.noMore')}</span>)
        )}
      </div>
    </div>
  );
}
