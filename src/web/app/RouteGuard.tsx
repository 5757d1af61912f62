import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../contracts/routes.ts';
import { safeRedirect } from '../../contracts/safeRedirect.ts';
import { useAuthSession } from './useAuthSession.ts';

/**
 * Guarded routes (spec §4 'Authentication', §6): no session → /auth?redirect={path}; a user
 * whose roles include 'banned' → /blocked. The server refuses such users' API calls too
 * (src/server/auth/actor.ts). While the session is being read, it waits.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { status, user } = useAuthSession();
  const location = useLocation();
  if (status === 'loading') {
    return (
      <div className="loading-screen" role="status" aria-live="polite">
        Checking your sign-in...
      </div>
    );
  }
  if (status !== 'signed-in' || !user) {
    // Issue 13.12: the same rule as where the target is read.
    const redirect = encodeURIComponent(safeRedirect(location.pathname + location.search));
    return <Navigate to={`${paths.auth}?redirect=${redirect}`} replace />;
  }
  if (user.roles.includes('banned')) return <Navigate to={paths.blocked} replace />;
  return <>{children}</>;
}
