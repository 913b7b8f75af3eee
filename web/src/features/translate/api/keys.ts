// Query-key factory of the translation domain: every key starts with ['translate'].
export const translateKeys = {
  all: ['translate'] as const,
  languages: () => [...translateKeys.all, 'languages'] as const,
  partner: (peer: number) => [...translateKeys.all, 'partner', peer] as const,
  /** A one-to-one message, or a group's (`group`: their ids are apart). */
  message: (id: number, target: string, group?: number) =>
    [...translateKeys.all, 'message', group ?? 0, id, target] as const,
  text: (kind: string, id: number, target: string, text: string) =>
    [...translateKeys.all, 'text', kind, id, target, text] as const,
  last: () => [...translateKeys.all, 'last'] as const,
  routes: () => [...translateKeys.all, 'routes'] as const,
};
