// The groups domain's wire types: the server's OpenAPI document (src/lib/api-schema.d.ts), with
// roles narrowed to what docs/im-protocol.md ("Groups") defines.
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

/** Owner 0, admin 1, member 2 (SPEC section 3). */
export type GroupRole = 0 | 1 | 2;

export const OWNER = 0 satisfies GroupRole;
export const ADMIN = 1 satisfies GroupRole;
export const MEMBER = 2 satisfies GroupRole;

export type GroupMember = Omit<Schemas['GroupMember'], 'role'> & { role: GroupRole };

/** A group as its members see it; `ended`: dissolved or closed, nothing more is sent. */
export type Group = Omit<Schemas['Group'], 'myRole' | 'members'> & {
  /** Null once I have left (or was removed). */
  myRole: GroupRole | null;
  members: GroupMember[];
};

/** A group in my list of groups. */
export type GroupSummary = Omit<Schemas['GroupSummary'], 'myRole'> & { myRole: GroupRole };

/** Who may add me to a group: anyone I have a conversation or a match with, or matches only. */
export type GroupSettings = Schemas['GroupSettings'];

/** The server's role number as a role (a number it does not define reads as a member). */
export function roleOf(n: number | null | undefined): GroupRole | null {
  if (n === null || n === undefined) return null;
  return n === 0 || n === 1 ? n : 2;
}

/** A group as the server sends it, its roles read. */
export function groupOf(raw: Schemas['Group']): Group {
  return {
    ...raw,
    myRole: roleOf(raw.myRole),
    members: raw.members.map((m) => ({ ...m, role: roleOf(m.role) ?? MEMBER })),
  };
}
