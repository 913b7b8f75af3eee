// Query-key factory of the account domain: every key starts with ['account'].
export const accountKeys = {
  all: ['account'] as const,
  info: () => [...accountKeys.all, 'info'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
};
