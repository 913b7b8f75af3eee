// Query-key factory of the notify domain: every key starts with ['notify'].
export const notifyKeys = {
  all: ['notify'] as const,
  /** My notification settings (one set per account, for all my devices). */
  settings: () => [...notifyKeys.all, 'settings'] as const,
};
