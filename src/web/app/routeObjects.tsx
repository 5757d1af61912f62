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

const screens: RouteObject[] = routes.map((meta) => ({
  path: meta.path,
  element: screenElement(meta),
}));
const elsewhere: RouteObject = { path: '*', element: <Navigate to="/" replace /> };

const tree = (children: RouteObject[]): RouteObject[] => [
  { element: <Layout />, children: [...children, elsewhere] },
];

export const routeObjects: RouteObject[] = tree(screens);

/** A path's first segment as React Router compares it: decoded, any case. */
function firstSegment(path: string): string | undefined {
  const segment = path.split('/')[1] ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return undefined;
  }
}

const byFirstSegment = new Map<string, RouteObject[]>();
for (const route of screens) {
  const key = firstSegment(route.path!)!;
  byFirstSegment.set(key, [...(byFirstSegment.get(key) ?? []), route]);
}
const trees = new Map<string, RouteObject[]>();
const noScreen = tree([]);

/**
 * The tree with only the routes that could match `pathname`: those sharing its first segment
 * (every route's first segment is static). React Router matches a path by ranking and
 * compiling every route; all 61 of them took about 30 ms at Lighthouse's 4× CPU slowdown in
 * the one render of the hydration that cannot be sliced (issue 21 item 3). The result is the
 * same route (routeObjects.test.tsx). Cached per segment, so each is built once.
 */
export function routeObjectsFor(pathname: string): RouteObject[] {
  const key = firstSegment(pathname);
  if (key === undefined) return routeObjects;
  const candidates = byFirstSegment.get(key);
  // Unknown segments share one tree, so visited nonsense paths cannot grow the cache.
  if (!candidates) return noScreen;
  let found = trees.get(key);
  if (!found) {
    found = tree(candidates);
    trees.set(key, found);
  }
  return found;
}
