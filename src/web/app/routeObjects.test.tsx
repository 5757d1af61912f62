import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../contracts/routes.ts';
import { routeObjects, routeObjectsFor } from './routeObjects.tsx';

const leaf = (tree: typeof routeObjects, path: string) =>
  matchRoutes(tree, path)?.at(-1)?.route.path ?? null;

describe('routeObjectsFor: only the routes that could match, the same route matched', () => {
  const concrete = routes.map((r) => r.path.replace(/:[A-Za-z]+/g, 'abc-123'));
  const paths = [
    ...concrete,
    ...concrete.map((p) => p.toUpperCase()),
    ...concrete.map((p) => (p === '/' ? p : `${p}/`)),
    ...concrete.map((p) => `${p}/extra`),
    '/%74uner',
    '/%E0%A4%A',
    '/no-such-screen',
    '/band',
    '/band/a/b',
    '//tuner',
    '',
  ];

  it('issue 21.3: every path matches what the whole tree matches', () => {
    for (const path of paths) {
      expect({ path, route: leaf(routeObjectsFor(path), path) }).toEqual({
        path,
        route: leaf(routeObjects, path),
      });
    }
  });

  it('issue 21.3: a screen route is matched among its own first segment only', () => {
    const tree = routeObjectsFor('/playlists/access');
    expect(tree[0]!.children!.map((r) => r.path)).toEqual(['/playlists', '/playlists/access', '*']);
    expect(routeObjectsFor('/Tuner')).toBe(routeObjectsFor('/tuner'));
    expect(routeObjectsFor('/nothing-here')).toBe(routeObjectsFor('/nor-here'));
  });
});
