// Who may open which page: signed in or not, and the first launch's splash and guide.
import { type ReactNode, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../lib/paths';
import { isLoggedIn, subscribeSession } from '../lib/session';
import { StorageKey, getString } from '../lib/storage';
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
  if (!loggedIn) return <Navigate to={paths.login} replace />;
  return <>{children}</>;
}

/** Login and register: someone signed in goes home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  if (loggedIn) return <Navigate to={paths.root} replace />;
  return <>{children}</>;
}
