// Whether a group is muted for me, from its `mutedUntil`: until when, or for good (the server
// stores "always" as the last second of the year 9999).

/** A mute this many years away or more reads as "always". */
const ALWAYS_AFTER_YEARS = 5;

export type MuteState = { muted: false } | { muted: true; until: Date; always: boolean };

export function muteOf(mutedUntil: string | null | undefined, now: number): MuteState {
  const until = mutedUntil ? new Date(mutedUntil) : null;
  if (!until || Number.isNaN(until.getTime()) || until.getTime() <= now) return { muted: false };
  const always = until.getFullYear() - new Date(now).getFullYear() >= ALWAYS_AFTER_YEARS;
  return { muted: true, until, always };
}
