// The web app's own version (SPEC section 1: the web build is 1.0.16), and how versions compare:
// the update prompt offers a listed `web` version only when it is newer than this one.

/** The version of this build of the web app. */
export const VERSION = '1.0.16';

/** The numeric parts of a version: '1.0.17' -> [1, 0, 17]; 'v2.1' -> [2, 1]. */
function parts(version: string): { core: number[]; pre: string } {
  const trimmed = version.trim().replace(/^v/i, '');
  // Build metadata (+...) never orders versions.
  const [main = '', pre = ''] = trimmed.split('+')[0]?.split(/-(.*)/s) ?? [];
  const core = main.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : Number.NaN));
  return { core, pre };
}

/** A version string this app can order: numbers separated by dots, an optional `-pre` tag. */
export function isVersion(version: string): boolean {
  const { core } = parts(version);
  return core.length > 0 && core.every((n) => Number.isFinite(n));
}

/** Pre-release tags compare part by part, numbers below words (semantic versioning 11.4). */
function comparePre(a: string, b: string): number {
  if (a === b) return 0;
  if (!a) return 1; // a release is newer than any of its pre-releases
  if (!b) return -1;
  const as = a.split('.');
  const bs = b.split('.');
  for (let i = 0; i < Math.max(as.length, bs.length); i += 1) {
    const x = as[i];
    const y = bs[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    if (xn && yn) return Number(x) < Number(y) ? -1 : 1;
    if (xn !== yn) return xn ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Orders two versions: negative when `a` is older than `b`, 0 when they are the same version
 * ('1.0' and '1.0.0' are), positive when `a` is newer. A string that is not a version is older
 * than any version, so a mistyped entry never prompts an update.
 */
export function compareVersions(a: string, b: string): number {
  const va = parts(a);
  const vb = parts(b);
  const aOk = isVersion(a);
  const bOk = isVersion(b);
  if (!aOk || !bOk) return aOk === bOk ? 0 : aOk ? 1 : -1;
  for (let i = 0; i < Math.max(va.core.length, vb.core.length); i += 1) {
    const x = va.core[i] ?? 0;
    const y = vb.core[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return comparePre(va.pre, vb.pre);
}

/** Whether `candidate` is newer than `current`. */
export function isNewer(candidate: string, current: string = VERSION): boolean {
  return compareVersions(candidate, current) > 0;
}
