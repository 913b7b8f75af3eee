// Keeping the groups current as things happen in them: the chat connection tells (the signed-in
// shell hands over its way to follow), the list and the group's details are asked again; the
// list's unread counts go to the Messages tab's number.
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setGroupUnreadNumber } from '../../lib/unread-number';
import { groupsQueryOptions } from './api/groups';
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

/** The total of my groups' unread counts, as the Messages tab's share of them. */
export function unreadInGroups(rows: readonly Pick<GroupSummary, 'unread'>[]): number {
  return rows.reduce((sum, g) => sum + Math.max(0, g.unread), 0);
}

/**
 * Hands what is unread in my groups to the Messages tab while signed in. The list is asked once,
 * then again as group events arrive (useFollowGroups) and when the app comes back to the front.
 */
export function useGroupsUnread() {
  const total = useQuery({
    ...groupsQueryOptions(),
    select: (data) => unreadInGroups(data.rows),
  }).data;
  useEffect(() => {
    if (total !== undefined) setGroupUnreadNumber(total);
  }, [total]);
  // Signed out: nothing of mine is counted any more.
  useEffect(() => () => setGroupUnreadNumber(0), []);
}

/** The group's chat is open: nothing of it is unread in the list any more. */
export function clearGroupUnread(queryClient: QueryClient, groupId: number): void {
  queryClient.setQueryData<{ rows: GroupSummary[] }>(groupKeys.list(), (data) =>
    data ? { rows: data.rows.map((g) => (g.id === groupId ? { ...g, unread: 0 } : g)) } : data,
  );
}
