// Query-key factory of the wallet domain: every key starts with ['wallet'].
export const walletKeys = {
  all: ['wallet'] as const,
  catalogue: () => [...walletKeys.all, 'catalogue'] as const,
  grade: (level: string) => [...walletKeys.all, 'grade', level] as const,
  unfinishedOrder: () => [...walletKeys.all, 'unfinished-order'] as const,
  gifts: () => [...walletKeys.all, 'gifts'] as const,
  received: (userId: number | 'me') => [...walletKeys.all, 'received', userId] as const,
};
