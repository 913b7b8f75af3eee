// Query-key factory of the album domain: every key starts with ['album'].
export const albumKeys = {
  all: ['album'] as const,
  /** A person's album; `'me'`: mine, with every photo and its state. */
  of: (userId: number | 'me') => [...albumKeys.all, userId] as const,
};
