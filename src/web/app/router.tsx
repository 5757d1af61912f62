/**
 * Every route, rendered from the shared route tree (routeObjects.tsx) under the error page of
 * spec §8 'Other'. Declarative routing (`useRoutes` inside a location provider: BrowserRouter
 * in the browser, MemoryRouter in tests, StaticRouter in the build-time prerender), not the
 * data router: the app has no loaders or actions, and createBrowserRouter's state machine was
 * 17 KB gzip of the first load (issue 21 item 4; docs/decisions/020-first-load.md).
 */
import { useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { routeObjectsFor } from './routeObjects.tsx';

/** Render inside a router. */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routeObjectsFor(location.pathname));
  return <RouteErrorBoundary locationKey={location.key}>{element}</RouteErrorBoundary>;
}
