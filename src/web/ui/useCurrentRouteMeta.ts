import { useLocation } from 'react-router';
import { matchRoute, type RouteMeta } from '../../contracts/routes.ts';

/** The route-table entry of the current location. */
export function useCurrentRouteMeta(): RouteMeta | undefined {
  const { pathname } = useLocation();
  return matchRoute(pathname);
}
