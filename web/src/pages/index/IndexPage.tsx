// The home page: Discover and the people lists as tabs, with their badges.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { CountBadge } from '../../components/CountBadge';
import { FilterIcon } from '../../components/icons';
import { useInfo } from '../../features/account/api/get-info';
import { VerifyEmailPrompt } from '../../features/account/components/VerifyEmailPrompt';
import { useCounters } from '../../features/people/api/counters';
import type { Counters } from '../../features/people/api/types';
import { DiscoverView } from '../../features/people/components/DiscoverView';
import { FilterSheet } from '../../features/people/components/FilterSheet';
import { PeopleListView } from '../../features/people/components/PeopleListView';
import { activeFilterCount, useDiscoverFilters } from '../../features/people/filters';
import { paths } from '../../lib/paths';

const TABS = [
  { id: 'discover', label: 'nav.discover', list: null, badge: null },
  { id: 'favourite', label: 'nav.myFavourite', list: 'likeTo', badge: 'LikeTo' },
  { id: 'wink', label: 'nav.winkMe', list: 'likeMe', badge: 'LikeMe' },
  { id: 'footprints', label: 'nav.footprints', list: 'visitor', badge: 'Visitor' },
] as const satisfies readonly {
  id: string;
  label: string;
  list: string | null;
  badge: keyof Counters | null;
}[];

/** Entry page: Discover, and the My Favourite / Wink Me / Love's Footprints lists. */
export default function IndexPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tab = TABS.find((x) => x.id === params.get('tab')) ?? TABS[0];
  const counters = useCounters().data;
  const { data: me } = useInfo();
  const [filters, setFilters] = useDiscoverFilters();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterCount = activeFilterCount(filters);

  return (
    <>
      <AppBar
        title={t(tab.label)}
        end={
          tab.id === 'discover' && (
            <button
              type="button"
              className="icon-btn filter-btn"
              aria-label={
                filterCount ? t('filters.openCount', { count: filterCount }) : t('filters.title')
              }
              onClick={() => setFiltersOpen(true)}
              data-testid="open-filters"
            >
              <FilterIcon />
              {filterCount > 0 && <span className="filter-dot" aria-hidden="true" />}
            </button>
          )
        }
      />
      <div className="page page-wide">
        <nav className="segmented people-tabs" aria-label={t('people.tabs')}>
          {TABS.map((x) => {
            const active = tab.id === x.id;
            const count = x.badge && counters ? counters[x.badge] : 0;
            return (
              <Link
                key={x.id}
                to={x.id === 'discover' ? paths.root : `${paths.index}?tab=${x.id}`}
                className={active ? 'seg-link active' : 'seg-link'}
                aria-current={active ? 'page' : undefined}
                data-testid={`tab-${x.id}`}
              >
                <span>{t(x.label)}</span>
                <CountBadge count={count} label={t('people.newCount', { count })} />
              </Link>
            );
          })}
        </nav>
        {tab.list ? (
          <PeopleListView key={tab.list} kind={tab.list} />
        ) : (
          <DiscoverView
            filters={filters}
            onChangeFilters={setFilters}
            onEditFilters={() => setFiltersOpen(true)}
          />
        )}
      </div>
      <FilterSheet
        open={filtersOpen}
        value={filters}
        defaultGender={me?.gender === 'female' ? 'male' : 'female'}
        onApply={(next) => {
          setFilters(next);
          setFiltersOpen(false);
        }}
        onClose={() => setFiltersOpen(false)}
      />
      <VerifyEmailPrompt />
    </>
  );
}
