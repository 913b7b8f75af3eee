// Whether a person's membership (VIP or SVIP, SPEC section 6) is running, read the one way every
// page reads it: a level with an end still ahead. `getInfo` and the wallet's balances carry both.

export interface MembershipFields {
  level?: string | null;
  memberExpiresAt?: string | null;
}

/** A running VIP or SVIP membership. */
export function isMember(who: MembershipFields | null | undefined, now = Date.now()): boolean {
  if (!who?.level || !who.memberExpiresAt) return false;
  return new Date(who.memberExpiresAt).getTime() > now;
}
