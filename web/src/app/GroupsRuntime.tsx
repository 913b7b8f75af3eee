// Follows my groups while someone is signed in: the chat connection's group events keep the
// groups list (and a group's details) current, and the list's unread counts join the Messages
// tab's number. Loaded apart, with the chat connection, so it stays off the login route.
import { useChatConnection } from '../features/chat/hooks';
import { useFollowGroups, useGroupsUnread } from '../features/groups/hooks';

export default function GroupsRuntime() {
  useFollowGroups(useChatConnection().subscribeGroups);
  useGroupsUnread();
  return null;
}
