// Query-key factory of the people domain: every key starts with ['people'].
import type { DiscoverFilters } from '../filters';
import type { PeopleListKind } from './types';

export const peopleKeys = {
  all: ['people'] as const,
  discover: () => [...peopleKeys.all, 'discover'] as const,
  discoverWith: (filters: DiscoverFilters) => [...peopleKeys.discover(), filters] as const,
  lists: () => [...peopleKeys.all, 'list'] as const,
  list: (kind: PeopleListKind) => [...peopleKeys.lists(), kind] as const,
  profiles: () => [...peopleKeys.all, 'profile'] as const,
  /** `'me'`: my own profile. */
  profile: (userId: number | 'me') => [...peopleKeys.profiles(), userId] as const,
  /** What this device knows of my like for a person (cards do not carry it). */
  like: (userId: number) => [...peopleKeys.all, 'like', userId] as const,
  nearby: () => [...peopleKeys.all, 'nearby'] as const,
  counters: () => [...peopleKeys.all, 'counters'] as const,
  customerService: () => [...peopleKeys.all, 'customer-service'] as const,
};
