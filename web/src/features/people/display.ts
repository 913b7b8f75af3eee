// How a person is named across the people pages (their addresses are in lib/paths).
import type { Card } from './api/types';

/** My private remark when I set one, otherwise the person's own name. */
export function displayName(card: Pick<Card, 'remark' | 'userName'>): string {
  return card.remark?.trim() || card.userName;
}
