/**
 * Which shared-corpus tunes the OMR benchmark reads (issue 20 'Measured': no tune used for
 * tuning is tested). The recogniser is developed on the built-in library tunes only
 * (src/music/library/*.bww), so every corpus tune whose title names a library tune is left
 * out, whatever its arrangement; the rest are drawn by a fixed seed, so every run and every
 * machine reads the same pages.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBww } from '../../src/music/bww/parseBww.ts';
import { writeBww } from '../../src/music/bww/writeBww.ts';
import { notesOf, tuneText, type Tune } from '../../src/music/tune/tune.ts';
import type { CorpusFile } from '../../src/music/bww/testing/readCorpus.ts';
import { normaliseTitle } from '../../src/server/services/library/tuneText.ts';

export interface BenchTune {
  /** 'folder/file.bww#2' */
  readonly key: string;
  readonly title: string;
  /** The tune alone, as BWW: what the page is drawn from. */
  readonly bww: string;
  /** The tune model of that BWW: the truth a page is scored against. */
  readonly truth: Tune;
}

/** Titles compared without case, accents, punctuation or a leading 'The'. */
export const titleKey = (title: string): string => normaliseTitle(title).replace(/^the /, '');

/** Title keys of the built-in library tunes in `libraryDir`. */
export function libraryTitles(libraryDir: string): string[] {
  return readdirSync(libraryDir)
    .filter((name) => name.endsWith('.bww'))
    .flatMap((name) => parseBww(readFileSync(join(libraryDir, name))).tunes)
    .map((tune) => titleKey(tuneText(tune, 'title')))
    .filter(Boolean);
}

/** Whether a title names a library tune: equal, or one contains the other ('… (2nd setting)'). */
export function isLibraryTitle(title: string, library: readonly string[]): boolean {
  const key = titleKey(title);
  return library.some((l) => key === l || key.includes(l) || (key.length > 0 && l.includes(key)));
}

export interface Selection {
  readonly tunes: BenchTune[];
  /** Corpus tunes left out because they name a library tune. */
  readonly library: number;
  /** Left out as too long for about one page, untitled, or without notes. */
  readonly other: number;
  /** Candidates the seed chose from. */
  readonly candidates: number;
}

/**
 * `count` tunes of at most `maxLines` staff lines (about one printed page), one per title,
 * ordered by a hash of seed and key.
 */
export function selectTunes(
  files: readonly CorpusFile[],
  library: readonly string[],
  { count, seed, maxLines }: { count: number; seed: number; maxLines: number },
): Selection {
  let libraryCount = 0;
  let other = 0;
  const byTitle = new Map<string, BenchTune>();
  for (const file of files) {
    parseBww(file.bytes).tunes.forEach((tune, i) => {
      const title = tuneText(tune, 'title');
      const lines = tune.parts.reduce((n, p) => n + p.lines.length, 0);
      if (isLibraryTitle(title, library)) libraryCount++;
      else if (!title || lines > maxLines || notesOf(tune).length === 0) other++;
      else if (!byTitle.has(titleKey(title))) {
        const bww = writeBww([tune]);
        const truth = parseBww(bww).tunes[0];
        if (truth)
          byTitle.set(titleKey(title), { key: `${file.name}#${i + 1}`, title, bww, truth });
        else other++;
      } else other++;
    });
  }
  const order = (key: string) => createHash('sha256').update(`${seed}:${key}`).digest('hex');
  const tunes = [...byTitle.values()]
    .sort((a, b) => order(a.key).localeCompare(order(b.key)))
    .slice(0, count);
  return { tunes, library: libraryCount, other, candidates: byTitle.size };
}
