import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routes } from '../../contracts/routes.ts';
import { PAGES_DIR, pageFile } from '../../contracts/prerenderedPages.ts';

/** A prerendered page and the CSP sources that allow its inline <style> and <script>. */
export interface PrerenderedPage {
  html: string;
  /** `'sha256-…'` of each inline <style> element's text, for style-src. */
  styleHashes: string[];
  /** `'sha256-…'` of each inline module script's text (the boot script), for script-src. */
  scriptHashes: string[];
}

const sha256Source = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The CSP hash source of each `<style>` element in `html` (CSP Level 3 §8.2: sha256 of the
 * element's text as UTF-8, base64). Computed from the bytes the server sends, so the header
 * cannot drift from the page: a style whose hash is not in the policy is silently dropped.
 */
export function styleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => sha256Source(m[1]!));
}

/**
 * The hash source of each inline module script (no `src`): the page's boot script
 * (scripts/prerender.ts). JSON-LD data blocks are not scripts the policy governs.
 */
export function scriptHashes(html: string): string[] {
  return [...html.matchAll(/<script type="module"(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => sha256Source(m[1]!),
  );
}

/**
 * The Content-Security-Policy header value with `sources` added to one directive (issue 21:
 * the page's CSS and boot script are inline, allowed by their hashes, never by
 * 'unsafe-inline').
 */
export function withSources(
  policy: string,
  directive: 'style-src' | 'script-src',
  sources: readonly string[],
): string {
  if (sources.length === 0) return policy;
  const directives = policy.split(';').map((d) => d.trim());
  const index = directives.findIndex((d) => d === directive || d.startsWith(`${directive} `));
  if (index === -1) return `${policy};${directive} 'self' ${sources.join(' ')}`;
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
    pages.set(meta.path, {
      html,
      styleHashes: styleHashes(html),
      scriptHashes: scriptHashes(html),
    });
  }
  return pages;
}
