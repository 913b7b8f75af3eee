// Query-key factory of the notices domain (announcements and released versions): every key
// starts with ['notices'].
export const noticesKeys = {
  all: ['notices'] as const,
  /** The announcements, in the reader's language. */
  list: (language: string) => [...noticesKeys.all, 'list', language] as const,
  versions: () => [...noticesKeys.all, 'versions'] as const,
};
