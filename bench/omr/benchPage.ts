/**
 * One bench page as `npm run bench:omr` reads it: the rendered PNG at `path`, degraded for
 * `condition` with the seed the bench derives from the tune, condition and dpi — shared with
 * the development tools (scripts/omr/confusion.ts, cropBar.mts) so they read the same pages.
 */
import { readFileSync } from 'node:fs';
import { degradePage, type Condition, type Degraded } from './degradePage.ts';

/** FNV-1a of the page's name: the degraded page's seed. */
function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function benchPage(
  path: string,
  tuneKey: string,
  condition: Condition,
  dpi: number,
): Promise<Degraded> {
  return degradePage(readFileSync(path), condition, dpi, seedOf(`${tuneKey}|${condition}|${dpi}`));
}
