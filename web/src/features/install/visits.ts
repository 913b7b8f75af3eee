// The install banner's one showing: visits are counted (a visit is a browsing session: a new tab
// or a new start of the app, not a reload), and the banner shows from the second visit on, in one
// visit only, until it is closed or the app is installed.
import { StorageKey, getJSON, setJSON } from '../../lib/storage';

export interface BannerMemory {
  /** Visits counted on this device. */
  visits: number;
  /** The visit the banner showed in; it never shows in another. */
  shownInVisit?: number;
  /** Closed by the person: never again. */
  dismissed?: boolean;
}

/** The banner waits for the person's second visit. */
export const FIRST_VISIT_SHOWN = 2;
/** sessionStorage: this browsing session's visit was counted (a reload is the same visit). */
const COUNTED = 'amora.visitCounted';

export function readBannerMemory(): BannerMemory {
  const stored = getJSON<Partial<BannerMemory> | null>(StorageKey.INSTALL_BANNER, null);
  const visits = typeof stored?.visits === 'number' && stored.visits >= 0 ? stored.visits : 0;
  return {
    visits,
    shownInVisit: typeof stored?.shownInVisit === 'number' ? stored.shownInVisit : undefined,
    dismissed: stored?.dismissed === true,
  };
}

function write(memory: BannerMemory): void {
  setJSON(StorageKey.INSTALL_BANNER, memory);
}

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Counts this visit, once per browsing session; answers the visit's number. */
export function countVisit(session: Storage | null = sessionStore()): number {
  const memory = readBannerMemory();
  if (session?.getItem(COUNTED) === 'true') return memory.visits;
  const visits = memory.visits + 1;
  write({ ...memory, visits });
  session?.setItem(COUNTED, 'true');
  return visits;
}

/** Whether the banner shows now: from the second visit, in one visit only, never once closed. */
export function bannerDue(memory: BannerMemory, canInstall: boolean): boolean {
  if (memory.dismissed || !canInstall || memory.visits < FIRST_VISIT_SHOWN) return false;
  return memory.shownInVisit === undefined || memory.shownInVisit === memory.visits;
}

/** The banner showed in this visit. */
export function markBannerShown(): void {
  const memory = readBannerMemory();
  if (memory.shownInVisit === undefined) write({ ...memory, shownInVisit: memory.visits });
}

export function dismissBanner(): void {
  write({ ...readBannerMemory(), dismissed: true });
}
