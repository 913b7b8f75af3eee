// Who may open which page: signed in or not, staff or not, and the first launch's splash and
// guide.
import { type ReactNode, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useInfo } from '../features/account/api/get-info';
import { paths } from '../lib/paths';
import { storedSuspension } from '../lib/suspension';
import { isLoggedIn, subscribeSession } from '../lib/session';
import { StorageKey, getString } from '../lib/storage';
import { DelayedLoading } from './lazy-page';
import { firstLaunchPaths } from './routes';

export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isLoggedIn, isLoggedIn);
}

/** The first launch goes to the splash, then the guide (SHOWED_SPLASH remembers it). */
export function FirstLaunchGate() {
  const location = useLocation();
  const showed = getString(StorageKey.SHOWED_SPLASH) === 'true';
  if (!showed && !firstLaunchPaths.includes(location.pathname)) {
    return <Navigate to={paths.splash} replace />;
  }
  return <Outlet />;
}

/** Private pages: a signed-out visitor goes to login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  // Signed out by a ban: the suspension page says why, not the login page.
  if (!loggedIn) {
    return <Navigate to={storedSuspension() ? paths.suspended : paths.login} replace />;
  }
  return <>{children}</>;
}

/** Login and register: someone signed in goes home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  if (loggedIn) return <Navigate to={paths.root} replace />;
  return <>{children}</>;
}

/**
 * The staff console: anyone but staff sees `fallback` (the not-found page), as if there were
 * nothing here. The stored copy of me may be older than a promotion, so a member waits for the
 * fresh answer before being turned away. The server refuses everyone else all the same.
 */
export function StaffOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const info = useInfo();
  if (info.data?.role === 'staff') return <>{children}</>;
  if (!info.isFetchedAfterMount && info.isFetching) return <DelayedLoading />;
  return <>{fallback}</>;
}
