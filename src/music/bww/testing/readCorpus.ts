/* eslint-disable no-restricted-imports -- Test and script helper only: it reads the shared corpus
   from disk, which the pure domain never does. Nothing outside tests and scripts imports it. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared test corpus (BWW files and bagpipe recordings, see its README): `CORPUS_DIR`, else
 * ../shared/corpus beside the repo. Real files written by other people, read at run time and
 * never copied into the project. Every test, script and benchmark finds it through here.
 */
export const corpusRoot = resolve(
  process.env.CORPUS_DIR ??
    // From this file's path, not `new URL(…, import.meta.url)`: under jsdom (the web test
    // project) the global URL is jsdom's, whose objects Node's fileURLToPath refuses.
    resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/corpus'),
);

/** The BWW half of the corpus. */
export const corpusDir = join(corpusRoot, 'bww');

export const corpusPresent = existsSync(corpusDir);

export interface CorpusFile {
  /** Path relative to the corpus directory, for messages. */
  readonly name: string;
  readonly bytes: Uint8Array;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return entry.name.toLowerCase().endsWith('.bww') ? [path] : [];
  });
}

/** Every .bww file of the corpus, sorted by path; empty when the corpus is absent. */
export function readCorpus(dir: string = corpusDir): CorpusFile[] {
  if (!existsSync(dir)) return [];
  return walk(dir)
    .sort()
    .map((path) => ({ name: relative(dir, path), bytes: new Uint8Array(readFileSync(path)) }));
}
