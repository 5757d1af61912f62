/**
 * BWW benchmark: read, write back and export to MusicXML every file of the shared corpus
 * (../shared/corpus/bww), several rounds, and report median and p95 milliseconds per file for
 * each step. Prints a table and one JSON line. Never part of `npm test` (noisy shared machines).
 *
 *   node --import tsx bench/bww.bench.ts
 *   BENCH_ROUNDS=20 node --import tsx bench/bww.bench.ts
 */
import { parseBww } from '../src/music/bww/parseBww.ts';
import { toMusicXml } from '../src/music/bww/toMusicXml.ts';
import { writeBww } from '../src/music/bww/writeBww.ts';
import { corpusDir, readCorpus } from '../src/music/bww/testing/readCorpus.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const files = readCorpus();
if (files.length === 0) {
  console.error(`no corpus at ${corpusDir}`);
  process.exit(1);
}

const samples: Record<'parse' | 'write' | 'musicxml', number[]> = {
  parse: [],
  write: [],
  musicxml: [],
};

function time<T>(into: number[], run: () => T): T {
  const start = performance.now();
  const value = run();
  into.push(performance.now() - start);
  return value;
}

for (let round = 0; round < ROUNDS; round++) {
  for (const file of files) {
    const { tunes } = time(samples.parse, () => parseBww(file.bytes));
    time(samples.write, () => writeBww(tunes));
    time(samples.musicxml, () => tunes.map(toMusicXml));
  }
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const rows = Object.entries(samples).map(([step, values]) => ({
  step,
  medianMs: Number(quantile(values, 0.5).toFixed(3)),
  p95Ms: Number(quantile(values, 0.95).toFixed(3)),
  maxMs: Number(Math.max(...values).toFixed(3)),
}));
console.log(`BWW corpus: ${files.length} files × ${ROUNDS} rounds (ms per file)`);
console.table(rows);
console.log(JSON.stringify({ bench: 'bww', files: files.length, rounds: ROUNDS, steps: rows }));
