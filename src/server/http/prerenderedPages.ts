import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routes } from '../../contracts/routes.ts';
import { PAGES_DIR, pageFile } from '../../contracts/prerenderedPages.ts';

/**
 * The pages `vite build` prerendered (scripts/prerender.ts), by route path: the screen's first
 * view already inside #root (issue 21.1; docs/decisions/019-first-view-prerendered.md). Read
 * once at start, like index.html. A route without one (guarded, developer, with parameters,
 * or an older build) is sent the empty index.html as before.
 */
export function prerenderedPages(staticDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const meta of routes) {
    if (meta.path.includes(':')) continue;
    const file = join(staticDir, PAGES_DIR, pageFile(meta.path));
    if (existsSync(file)) pages.set(meta.path, readFileSync(file, 'utf8'));
  }
  return pages;
}
