// What the update prompt offers, decided from the released versions: the newer `web` versions
// than this build, whether any of them is mandatory (then the prompt cannot be put off), and
// whether the person already chose Later for the newest one.
import { VERSION, compareVersions, isNewer } from '../../lib/version';
import type { SoftwareVersion } from './api/types';

/** The platform name of this app in the version list. */
export const WEB_PLATFORM = 'web';
/** The version list is asked for at most this often (also when the app becomes visible). */
export const CHECK_EVERY_MS = 60 * 60 * 1000;

export interface UpdateOffer {
  /** The newest listed web version. */
  latest: SoftwareVersion;
  /** Every listed web version newer than this build, newest first. */
  newer: SoftwareVersion[];
  /** One of them must be installed: the prompt blocks the app until it reloads. */
  mandatory: boolean;
}

/** The update on offer for a build at `current`, or null when it is up to date. */
export function updateOffer(
  versions: readonly SoftwareVersion[],
  current: string = VERSION,
): UpdateOffer | null {
  const newer = versions
    .filter((v) => v.platform === WEB_PLATFORM && isNewer(v.version, current))
    .sort((a, b) => compareVersions(b.version, a.version));
  const latest = newer[0];
  if (!latest) return null;
  return { latest, newer, mandatory: newer.some((v) => v.mandatory) };
}

/** Whether the prompt shows: always for a mandatory update, else unless put off with Later. */
export function shouldPrompt(offer: UpdateOffer | null, later: readonly string[]): boolean {
  if (!offer) return false;
  return offer.mandatory || !later.includes(offer.latest.version);
}

/** Whether a check made at `checkedAt` (ms) still stands at `now`. */
export function checkIsFresh(checkedAt: number | undefined, now: number): boolean {
  return typeof checkedAt === 'number' && now - checkedAt >= 0 && now - checkedAt < CHECK_EVERY_MS;
}
