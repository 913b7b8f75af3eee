// The end of a scroll whose next page failed to load.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { isStaleList } from '../api/paging';

/**
 * 'Retry' asks for the next page again. When the list changed under its token (the server said
 * 'This list has changed: please refresh it'), 'Refresh' loads it again from its first page.
 */
export function NextPageRetry({
  query,
}: {
  query: {
    error: unknown;
    fetchNextPage: () => Promise<unknown>;
    refetch: () => Promise<unknown>;
  };
}) {
  const { t } = useTranslation();
  const stale = isStaleList(query.error);
  return (
    <Button
      variant="ghost"
      small
      onClick={() => void (stale ? query.refetch() : query.fetchNextPage())}
      data-testid="next-page-retry"
    >
      {stale ? t('common.refresh') : t('common.retry')}
    </Button>
  );
}
