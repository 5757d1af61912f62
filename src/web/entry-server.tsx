/**
 * Renders a route's first view to HTML at build time (issue 21.1; docs/decisions/019). The
 * same routes as the browser (app/router.tsx) under a static router, with the
 * screen's lazy chunk awaited, so the HTML holds the screen itself, not 'Loading…'.
 * Built by Vite's SSR environment and called by scripts/prerender.ts; never shipped to browsers.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { routes, type RouteMeta } from '../contracts/routes.ts';
import { AppRoutes } from './app/router.tsx';

/**
 * Screens prerendered at build time: public, without parameters. Guarded and developer
 * pages depend on who asks; they keep the empty root and render in the browser.
 */
export function prerenderable(meta: RouteMeta): boolean {
  return meta.access === 'public' && !meta.path.includes(':');
}

export const prerenderRoutes: readonly RouteMeta[] = routes.filter(prerenderable);

/** The markup inside #root for `path`. */
export async function renderRoot(path: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Inline every Suspense boundary: React otherwise moves a large one (over 12.8 kB) to
      // the end of the page behind an inline script that reveals it up to 2.3 s later, and
      // the Content-Security-Policy forbids inline scripts anyway.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  // A screen that throws while rendering would ship as 'Loading…' for the browser to redo:
  // fail the build instead, naming the route.
  if (errors.length > 0) {
    throw new AggregateError(errors, `prerender ${path}: ${errors.map(String).join('; ')}`);
  }
  return new Response(prelude).text();
}
