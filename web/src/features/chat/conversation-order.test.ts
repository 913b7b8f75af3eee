import type { Conversation } from './api/types';
import { mixed } from './conversation-order';

const conversation = (userId: number, at: string) =>
  ({ peer: { userId }, lastMessage: { createdAt: at }, unread: 0 }) as unknown as Conversation;
const group = (id: number, at: string) => ({ key: `g${id}`, at, row: `group ${id}` });

describe('conversations with groups among them', () => {
  const people = [conversation(1, '2026-11-29T10:00:00Z'), conversation(2, '2026-11-28T10:00:00Z')];

  it('places each group by when it last moved, newest first', () => {
    const listed = mixed(
      people,
      [group(7, '2026-11-29T11:00:00Z'), group(8, '2026-11-28T12:00:00Z')],
      true,
    );
    expect(listed.map((l) => l.key)).toEqual(['g7', 'p1', 'g8', 'p2']);
  });

  it('keeps a group older than the last conversation loaded for when the next page comes', () => {
    const listed = mixed(people, [group(9, '2026-11-01T10:00:00Z')], false);
    expect(listed.map((l) => l.key)).toEqual(['p1', 'p2']);
    expect(mixed(people, [group(9, '2026-11-01T10:00:00Z')], true).map((l) => l.key)).toEqual([
      'p1',
      'p2',
      'g9',
    ]);
  });

  it('lists the groups alone when there is no conversation', () => {
    expect(mixed([], [group(7, '2026-11-29T11:00:00Z')], true).map((l) => l.key)).toEqual(['g7']);
  });
});
