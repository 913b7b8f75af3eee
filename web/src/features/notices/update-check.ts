// The update check: the version list, asked for at most once an hour and kept in localStorage
// (a mandatory update still blocks after a reload), the versions put off with Later, and the
// update itself (the service worker fetches the new app, then the page reloads into it).
import { fetchNewVersion, reloadIntoNewVersion } from '../../lib/service-worker';
import { StorageKey, getJSON, setJSON } from '../../lib/storage';
import { getVersions } from './api/versions';
import type { SoftwareVersion } from './api/types';
import { checkIsFresh } from './update-offer';

interface StoredCheck {
  at: number;
  versions: SoftwareVersion[];
}

/** The released versions: the stored answer while it is under an hour old, else the server's. */
export async function checkedVersions(now = Date.now()): Promise<SoftwareVersion[]> {
  const stored = getJSON<StoredCheck | null>(StorageKey.UPDATE_CHECK, null);
  if (stored && checkIsFresh(stored.at, now) && Array.isArray(stored.versions)) {
    return stored.versions;
  }
  try {
    const versions = await getVersions();
    setJSON(StorageKey.UPDATE_CHECK, { at: now, versions });
    return versions;
  } catch {
    // Unreachable: try again in an hour, with what was known before.
    const versions = Array.isArray(stored?.versions) ? stored.versions : [];
    setJSON(StorageKey.UPDATE_CHECK, { at: now, versions });
    return versions;
  }
}

/** The versions whose prompt the person put off with Later. */
export function laterVersions(): string[] {
  const list = getJSON<unknown>(StorageKey.UPDATE_LATER, []);
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
}

/** Remembers Later for a version (the last few are enough: only the newest matters). */
export function putOff(version: string): void {
  const list = laterVersions().filter((v) => v !== version);
  setJSON(StorageKey.UPDATE_LATER, [...list, version].slice(-10));
}

/**
 * Update now: the service worker, when one is registered, fetches the new version first and
 * takes over; the reload then loads the new app. Forgets the stored check so the new build asks
 * afresh.
 */
export async function updateNow(): Promise<void> {
  setJSON(StorageKey.UPDATE_CHECK, null);
  try {
    await fetchNewVersion();
  } catch {
    // No service worker to ask: the reload alone fetches the new app.
  }
  await reloadIntoNewVersion();
}
