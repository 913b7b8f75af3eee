// Query-key factory of the translation domain: every key starts with ['translate'].
export const translateKeys = {
  all: ['translate'] as const,
  languages: () => [...translateKeys.all, 'languages'] as const,
  partner: (peer: number) => [...translateKeys.all, 'partner', peer] as const,
  message: (id: number, target: string) => [...translateKeys.all, 'message', id, target] as const,
  text: (kind: string, id: number, target: string, text: string) =>
    [...translateKeys.all, 'text', kind, id, target, text] as const,
  last: () => [...translateKeys.all, 'last'] as const,
  routes: () => [...translateKeys.all, 'routes'] as const,
};
