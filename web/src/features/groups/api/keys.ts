// Query-key factory of the groups domain: every key starts with ['groups'].
export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  group: (id: number) => [...groupKeys.all, 'group', id] as const,
  settings: () => [...groupKeys.all, 'settings'] as const,
};
