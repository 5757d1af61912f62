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

/**
 * Inline `style` attributes of the prerendered markup are renamed to this: the
 * Content-Security-Policy (style-src 'self') blocks style attributes in HTML, and React does
 * not set them again when it hydrates. The browser applies them through CSSOM, which the
 * policy allows, before hydrating (src/web/app/applyServerStyles.ts).
 */
export const SERVER_STYLE_ATTRIBUTE = 'data-ssr-style';

/** The markup with each `style="…"` attribute renamed to SERVER_STYLE_ATTRIBUTE. */
export function moveInlineStyles(markup: string): string {
  // React escapes `"` in text as &quot;, so ` style="` only ever starts an attribute.
  return markup.replace(/ style="/g, ` ${SERVER_STYLE_ATTRIBUTE}="`);
}
