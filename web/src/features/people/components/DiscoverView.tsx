// Discover: people to meet, with the filters and the daily allowance.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { PullToRefresh } from '../../../components/PullToRefresh';
import { CompassIcon, FilterIcon } from '../../../components/icons';
import { LANGUAGES } from '../../../i18n/languages';
import { isUpgradeError } from '../../../lib/request';
import { useDiscover } from '../api/discover';
import { peopleTotal } from '../api/paging';
import {
  DEFAULT_FILTERS,
  type DiscoverFilters,
  MAX_AGE,
  MIN_AGE,
  activeFilterCount,
} from '../filters';
import { CardDeck } from './CardDeck';
import { EmptyState } from './EmptyState';
import { NextPageRetry } from './NextPageRetry';
import { PeopleCount } from './PeopleCount';
import { PeopleGrid } from './PeopleGrid';
import { UpgradePanel } from './UpgradePanel';

/** Discover: people to meet, filtered; a non-member past today's allowance sees 'Upgrade now'. */
export function DiscoverView({
  filters,
  onChangeFilters,
  onEditFilters,
}: {
  filters: DiscoverFilters;
  onChangeFilters: (filters: DiscoverFilters) => void;
  onEditFilters: () => void;
}) {
  const { t } = useTranslation();
  const query = useDiscover(filters);
  const upgrade = isUpgradeError(query.error);
  const filtered = activeFilterCount(filters) > 0;
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const nothingYet = !query.data?.pages.some((p) => p.rows.length > 0);
  const [view, setView] = useDiscoverView();

  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {filtered && (
        <FilterChips filters={filters} onChange={onChangeFilters} onEdit={onEditFilters} />
      )}
      <div className="segmented view-switch" role="group" aria-label={t('people.viewSwitch')}>
        {(['grid', 'cards'] as const).map((v) => (
          <button
            key={v}
            type="button"
            className={view === v ? 'seg-link active' : 'seg-link'}
            aria-pressed={view === v}
            onClick={() => setView(v)}
            data-testid={`view-${v}`}
          >
            {v === 'grid' ? t('people.viewGrid') : t('people.viewCards')}
          </button>
        ))}
      </div>
      {view === 'cards' ? (
        <CardDeck filters={filters} />
      ) : upgrade && nothingYet ? (
        <UpgradePanel reason="discover" />
      ) : query.isError && nothingYet ? (
        <EmptyState
          icon={<CompassIcon size={36} />}
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
            end={
              upgrade ? (
                <UpgradePanel reason="discover" compact />
              ) : query.isError ? (
                <NextPageRetry query={query} />
              ) : undefined
            }
            empty={
              filtered ? (
                <EmptyState
                  icon={<FilterIcon size={36} />}
                  title={t('people.noMatchTitle')}
                  body={t('people.noMatchBody')}
                  action={
                    <Button variant="secondary" onClick={() => onChangeFilters(DEFAULT_FILTERS)}>
                      {t('filters.clear')}
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  icon={<CompassIcon size={36} />}
                  title={t('people.nobodyTitle')}
                  body={t('people.nobodyBody')}
                />
              )
            }
          />
        </>
      )}
    </PullToRefresh>
  );
}

type DiscoverLayout = 'grid' | 'cards';
const VIEW_KEY = 'amora.discoverView';

/** Grid or cards, remembered on this device. */
function useDiscoverView(): [DiscoverLayout, (view: DiscoverLayout) => void] {
  const [view, setView] = useState<DiscoverLayout>(() => {
    try {
      return localStorage.getItem(VIEW_KEY) === 'cards' ? 'cards' : 'grid';
    } catch {
      return 'grid';
    }
  });
  return [
    view,
    (next) => {
      setView(next);
      try {
        localStorage.setItem(VIEW_KEY, next);
      } catch {
        // Private mode: remembered for this visit only.
      }
    },
  ];
}

/** The active filters as removable chips, plus a way back into the sheet. */
function FilterChips({
  filters,
  onChange,
  onEdit,
}: {
  filters: DiscoverFilters;
  onChange: (filters: DiscoverFilters) => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const chips: { key: string; label: string; clear: Partial<DiscoverFilters> }[] = [];
  if (filters.gender)
    chips.push({
      key: 'gender',
      label: filters.gender === 'female' ? t('filters.women') : t('filters.men'),
      clear: { gender: '' },
    });
  if (filters.country)
    chips.push({
      key: 'country',
      label: t(`countries.${filters.country}`),
      clear: { country: '' },
    });
  if (filters.minAge !== MIN_AGE || filters.maxAge !== MAX_AGE)
    chips.push({
      key: 'age',
      label: t('filters.ageRange', { min: filters.minAge, max: filters.maxAge }),
      clear: { minAge: MIN_AGE, maxAge: MAX_AGE },
    });
  if (filters.online)
    chips.push({ key: 'online', label: t('people.onlineNow'), clear: { online: false } });
  if (filters.withPhotos)
    chips.push({ key: 'photos', label: t('filters.withPhotos'), clear: { withPhotos: false } });
  if (filters.newMembers)
    chips.push({ key: 'new', label: t('filters.newMembers'), clear: { newMembers: false } });
  if (filters.verified)
    chips.push({ key: 'verified', label: t('filters.verified'), clear: { verified: false } });
  if (filters.language)
    chips.push({
      key: 'language',
      label: LANGUAGES.find((l) => l.abbr === filters.language)?.native ?? filters.language,
      clear: { language: '' },
    });
  return (
    <div className="filter-chips" data-testid="filter-chips">
      <button type="button" className="chip chip-edit" onClick={onEdit}>
        <FilterIcon size={16} />
        {t('filters.title')}
      </button>
      {chips.map((chip) => (
        <button
          key={chip.key}
          type="button"
          className="chip"
          onClick={() => onChange({ ...filters, ...chip.clear })}
          aria-label={t('filters.remove', { filter: chip.label })}
        >
          {chip.label}
          <span aria-hidden="true" className="chip-x">
            ×
          </span>
        </button>
      ))}
    </div>
  );
}
