/**
 * The melody notes a constructed page is read as, one word each: embellishment codes, then
 * pitch_duration, dots as '.', and ' tie' when tied on (the unit tests' view of recognisePage).
 */
import type { Note } from '../../tune/tune.ts';
import { recognisePage } from '../recognisePage.ts';
import type { Canvas } from './drawPage.ts';

export function noteWords(page: Canvas): string[] {
  const result = recognisePage(page, { level: true });
  if (!result.ok) throw new Error(result.error);
  return result.tune.parts.flatMap((p) =>
    p.lines.flatMap((l) =>
      l.bars.flatMap((b) =>
        b.items
          .filter((i): i is Note => i.kind === 'note')
          .map(
            (n) =>
              `${n.embellishments.map((e) => e.code + ' ').join('')}${n.pitch}_${n.duration}${'.'.repeat(n.dots)}${n.tie ? ' tie' : ''}`,
          ),
      ),
    ),
  );
}
