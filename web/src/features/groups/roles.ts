// What each role may do to another member (docs/im-protocol.md, "Groups"): the owner makes and
// unmakes admins, hands the group over and removes anyone; an admin removes members. Leaving is
// not a member action (the sheet's own button).
import type { TranslationKey } from '../../i18n';
import { ADMIN, type GroupMember, type GroupRole, MEMBER, OWNER } from './api/types';

export type MemberAction = 'makeAdmin' | 'unmakeAdmin' | 'handOver' | 'remove';

/** `mine`: my role, null once the group has ended or I am no longer in it. */
export function memberActions(
  mine: GroupRole | null,
  member: Pick<GroupMember, 'userId' | 'role'>,
  me: number | null,
): MemberAction[] {
  if (mine === null || member.userId === me) return [];
  if (mine === OWNER) {
    return [member.role === ADMIN ? 'unmakeAdmin' : 'makeAdmin', 'handOver', 'remove'];
  }
  if (mine === ADMIN && member.role === MEMBER) return ['remove'];
  return [];
}

export function roleKey(role: GroupRole): TranslationKey {
  if (role === OWNER) return 'groups.role.owner';
  if (role === ADMIN) return 'groups.role.admin';
  return 'groups.role.member';
}
