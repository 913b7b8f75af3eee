import {
  DEFAULT_FILTERS,
  activeFilterCount,
  filterParams,
  loadFilters,
  normalizeFilters,
  saveFilters,
} from './filters';

describe('discover filters', () => {
  beforeEach(() => localStorage.clear());

  it('send only what narrows the search', () => {
    expect(filterParams(DEFAULT_FILTERS)).toEqual({});
    expect(
      filterParams({
        ...DEFAULT_FILTERS,
        country: 'Japan',
        minAge: 25,
        online: true,
        language: 'ja',
      }),
    ).toEqual({ country: 'Japan', minAge: 25, online: true, language: 'ja' });
  });

  it('are remembered on this device', () => {
    expect(loadFilters()).toEqual(DEFAULT_FILTERS);
    saveFilters({ ...DEFAULT_FILTERS, gender: 'male', withPhotos: true });
    expect(loadFilters()).toMatchObject({ gender: 'male', withPhotos: true });
  });

  it('repair whatever was stored: unknown values, ages off the range, a reversed range', () => {
    expect(
      normalizeFilters({
        gender: 'other',
        country: 'Atlantis',
        minAge: 120,
        maxAge: 10,
        language: 'fr',
      }),
    ).toEqual({ ...DEFAULT_FILTERS, minAge: 18, maxAge: 99 });
    expect(normalizeFilters({ minAge: 40, maxAge: 30 })).toMatchObject({ minAge: 30, maxAge: 40 });
    localStorage.setItem('discoverFilters', 'not json');
    expect(loadFilters()).toEqual(DEFAULT_FILTERS);
  });

  it('count the age range as one filter', () => {
    expect(
      activeFilterCount({ ...DEFAULT_FILTERS, minAge: 20, maxAge: 30, newMembers: true }),
    ).toBe(2);
  });
});
