// The groups domain's wire types (docs/im-protocol.md, "Groups").

/** Owner 0, admin 1, member 2 (SPEC section 3). */
export type GroupRole = 0 | 1 | 2;

export const OWNER = 0 satisfies GroupRole;
export const ADMIN = 1 satisfies GroupRole;
export const MEMBER = 2 satisfies GroupRole;

export interface GroupMember {
  userId: number;
  userName: string;
  avatar?: string | null;
  role: GroupRole;
}

/** A group as its members see it; `ended`: dissolved or closed, nothing more is sent. */
export interface Group {
  id: number;
  name: string;
  avatar?: string | null;
  /** Null once I have left (or was removed). */
  myRole: GroupRole | null;
  lastSeq: number;
  readSeq: number;
  ended: boolean;
  /** Until when my notifications of it are muted (RFC 3339), if they are. */
  mutedUntil?: string | null;
  /** The members now, owner first. */
  members: GroupMember[];
}

/** A message of the group as the list shows its last one. */
export interface GroupLastMessage {
  id: number;
  clientId: string;
  from: number;
  to: number;
  type: string;
  content: Record<string, unknown> | null;
  status: string;
  createdAt: string;
}

/** A group in my list of groups. */
export interface GroupSummary {
  id: number;
  name: string;
  avatar?: string | null;
  myRole: GroupRole;
  memberCount: number;
  lastMessage?: GroupLastMessage | null;
  unread: number;
  lastSeq: number;
  ended: boolean;
}

/** Who may add me to a group: anyone I have a conversation or a match with, or matches only. */
export interface GroupSettings {
  addedBy: 'anyone' | 'matches';
}
