// Whom I may put in a group: the people of my conversations and my matches (the server allows
// both), each once, customer service left out.
import { useMemo } from 'react';
import { useConversations } from '../../features/chat/api/conversations';
import type { Candidate } from '../../features/groups/components/PeoplePicker';
import { usePeopleList } from '../../features/people/api/lists';

export function useGroupCandidates(): Candidate[] {
  const conversations = useConversations().data;
  const matches = usePeopleList('mutual').data;
  return useMemo(() => {
    const seen = new Map<number, Candidate>();
    const cards = [
      ...(conversations?.pages.flatMap((p) => p.rows.map((c) => c.peer)) ?? []),
      ...(matches?.pages.flatMap((p) => p.rows) ?? []),
    ];
    for (const card of cards) {
      if (card.service || seen.has(card.userId)) continue;
      seen.set(card.userId, {
        userId: card.userId,
        userName: card.remark?.trim() || card.userName,
        avatar: card.avatarThumb ?? card.avatar,
      });
    }
    return [...seen.values()];
  }, [conversations, matches]);
}
