import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routes } from '../../contracts/routes.ts';
import { PAGES_DIR, pageFile } from '../../contracts/prerenderedPages.ts';

/** A prerendered page and the CSP sources that allow its inline <style> elements. */
export interface PrerenderedPage {
  html: string;
  /** `'sha256-…'` of each inline <style> element's text, for style-src. */
  styleHashes: string[];
}

/**
 * The CSP hash source of each `<style>` element in `html` (CSP Level 3 §8.2: sha256 of the
 * element's text as UTF-8, base64). Computed from the bytes the server sends, so the header
 * cannot drift from the page: a style whose hash is not in the policy is silently dropped.
 */
export function styleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`,
  );
}

/**
 * The Content-Security-Policy header value with `sources` added to its style-src directive
 * (issue 21: the page's CSS is inline, allowed by its hash, never by 'unsafe-inline').
 */
export function withStyleSources(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  const directives = policy.split(';').map((d) => d.trim());
  const index = directives.findIndex((d) => /^style-src(\s|$)/.test(d));
  if (index === -1) return `${policy};style-src 'self' ${sources.join(' ')}`;
  directives[index] = `${directives[index]} ${sources.join(' ')}`;
  return directives.filter((d) => d !== '').join(';');
}

/**
 * The pages `vite build` prerendered (scripts/prerender.ts), by route path: the screen's first
 * view already inside #root and its CSS inline (issue 21.1; docs/decisions/019 and 026). Read
 * once at start, like index.html. A route without one (guarded, developer, with parameters,
 * or an older build) is sent the empty index.html as before.
 */
export function prerenderedPages(staticDir: string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  for (const meta of routes) {
    if (meta.path.includes(':')) continue;
    const file = join(staticDir, PAGES_DIR, pageFile(meta.path));
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8');
    pages.set(meta.path, { html, styleHashes: styleHashes(html) });
  }
  return pages;
}
