/**
 * The route tree built from the one route table (src/contracts/routes.ts). Every route of
 * spec §2.1 renders its screen lazily inside the layout; unknown paths redirect to '/'.
 * The browser router (router.tsx) and the build-time prerender (src/web/entry-server.tsx)
 * render this same tree, so the first HTML and the hydrated page match (issue 21.1).
 */
import { Navigate, type RouteObject } from 'react-router';
import { routes } from '../../contracts/routes.ts';
import { Layout } from './Layout.tsx';
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
