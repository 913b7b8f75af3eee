// Keeping the groups current as things happen in them: the chat connection tells (the page hands
// over its way to follow), the list and the group's details are asked again.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { groupKeys } from './api/keys';
import type { GroupSummary } from './api/types';

/** What the chat connection says happened in a group. */
export interface GroupHappening {
  groupId: number;
  event: { kind: string; message?: { type: string } };
}

export type FollowGroups = (listener: (happening: GroupHappening) => void) => () => void;

/** The list of groups follows every message; a group's details follow its system lines. */
export function useFollowGroups(follow: FollowGroups) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      follow(({ groupId, event }) => {
        void queryClient.invalidateQueries({ queryKey: groupKeys.list() });
        if (event.kind === 'message' && event.message?.type === 'system') {
          void queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) });
        }
      }),
    [follow, queryClient],
  );
}

/** The group's chat is open: nothing of it is unread in the list any more. */
export function clearGroupUnread(queryClient: QueryClient, groupId: number): void {
  queryClient.setQueryData<{ rows: GroupSummary[] }>(groupKeys.list(), (data) =>
    data ? { rows: data.rows.map((g) => (g.id === groupId ? { ...g, unread: 0 } : g)) } : data,
  );
}
