// What a person's notification settings are (stored on the server, for all their devices): a
// switch per kind of notification, quiet hours in their time zone, and how a change is made at
// once on screen and taken back when the server refuses it.
import type { components } from '../../lib/api-schema';

/** The kinds of notification a person can switch off, in the order Settings lists them. */
export const PUSH_KINDS = [
  'messages',
  'likes',
  'visitors',
  'matches',
  'gifts',
  'announcements',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** A switch per kind, quiet hours (none: null) and the IANA time zone they are read in. */
export type PushSettings = components['schemas']['PushSettings'];

/** From, to: 24-hour "HH:MM" in the person's time zone; `from` after `to` runs over midnight. */
export type QuietHours = components['schemas']['QuietHours'];

/** A change: any of the fields (quietHours null turns them off). */
export type PushSettingsChange = Partial<PushSettings>;

/** Quiet hours as they start when switched on. */
export const DEFAULT_QUIET_HOURS: QuietHours = { from: '22:00', to: '07:00' };

/** The browser's own time zone (sent with every change, so quiet hours follow a move). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A 24-hour time as the server takes it: "HH:MM". */
export function isTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** The settings with a change made. */
export function applyChange(settings: PushSettings, change: PushSettingsChange): PushSettings {
  return { ...settings, ...change };
}

/**
 * Takes back a refused change: each field it set returns to what it was before, unless a later
 * change has set that field again since (that one stands, or falls, on its own).
 */
export function revertChange(
  current: PushSettings,
  before: PushSettings,
  change: PushSettingsChange,
): PushSettings {
  const next: PushSettings = { ...current };
  for (const key of Object.keys(change) as (keyof PushSettings)[]) {
    if (!sameValue(current[key], change[key])) continue;
    (next as Record<string, unknown>)[key] = before[key];
  }
  return next;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
