/**
 * The routes built from the one route table (src/contracts/routes.ts). Every route of spec
 * §2.1 renders its screen lazily inside the layout; unknown paths redirect to '/'.
 *
 * Declarative routing (`useRoutes` inside a location provider: BrowserRouter in the browser,
 * MemoryRouter in tests, StaticRouter on a server), not the data router: the app has no
 * loaders or actions, and createBrowserRouter's state machine was 17 KB gzip of the first
 * load (issue 21 item 4; docs/decisions/020-first-load.md).
 */
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { routes } from '../../contracts/routes.ts';
import { Layout } from './Layout.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { screenElement } from './screenElement.tsx';

export const routeObjects: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...routes.map((meta) => ({ path: meta.path, element: screenElement(meta) })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** Every route, under the error page of spec §8 'Other'. Render inside a router. */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routeObjects);
  return <RouteErrorBoundary locationKey={location.key}>{element}</RouteErrorBoundary>;
}
