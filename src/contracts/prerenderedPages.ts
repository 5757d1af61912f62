/**
 * Where the build puts each public screen's prerendered page, read by the server
 * (src/server/http/prerenderedPages.ts) and written by scripts/prerender.ts (issue 21.1;
 * docs/decisions/019-first-view-prerendered.md).
 */

/** Folder of the prerendered pages inside the static directory (dist/). */
export const PAGES_DIR = 'pages';

/** `/` → `index.html`, `/playlists/access` → `playlists/access.html`. */
export function pageFile(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${routePath.replace(/^\/+|\/+$/g, '')}.html`;
}
