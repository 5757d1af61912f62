/**
 * Originality (issue 19 'Evaluated honestly': 'no sequence of two bars' notes shared with any
 * training tune'): the model keeps a 32-bit FNV-1a hash of every two-bar run of the library's
 * tunes (each bar's notes as 'PITCH/ticks …', as bench/composerStats.ts writes them), and the
 * composer writes a bar again when it and the bar before would repeat one.
 */
import type { Pitch } from '../notes.ts';
import { barsOf, type Note, type Tune } from '../tune/tune.ts';

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

const ticksOf = (n: Pick<Note, 'duration' | 'dots'>): number =>
  (16 / n.duration) * (n.dots === 1 ? 1.5 : n.dots === 2 ? 1.75 : 1);

export function barKey(notes: readonly { pitch: Pitch; ticks: number }[]): string {
  return notes.map((n) => `${n.pitch}/${n.ticks}`).join(' ');
}

export function runHash(first: string, second: string): number {
  return fnv1a(`${first} | ${second}`);
}

/** Sorted, distinct hashes of the tunes' two-bar runs. */
export function libraryRunHashes(tunes: readonly Tune[]): number[] {
  const out = new Set<number>();
  for (const tune of tunes) {
    const keys = barsOf(tune)
      .map((bar) =>
        barKey(
          bar.items
            .filter((i): i is Note => i.kind === 'note')
            .map((n) => ({ pitch: n.pitch, ticks: ticksOf(n) })),
        ),
      )
      .filter((key) => key.length > 0);
    for (let i = 0; i + 1 < keys.length; i++) out.add(runHash(keys[i]!, keys[i + 1]!));
  }
  return [...out].sort((a, b) => a - b);
}
