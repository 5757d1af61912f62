/**
 * BWW reader report (issue 6, 'Command').
 *   node --import tsx scripts/bww-report.ts FILE… [--json]   per file: tunes, bars, notes,
 *       embellishments by family, warnings with line:column
 *   node --import tsx scripts/bww-report.ts [--json]         the shared corpus (../shared/corpus/bww):
 *       files, token coverage, distinct tokens, warnings by kind, each warning listed
 * Exit code is non-zero only when a file cannot be read: a warning is a finding, not a failure.
 */
import { readFileSync } from 'node:fs';
import { parseBww, type BwwParseResult } from '../src/music/bww/parseBww.ts';
import { tokenizeBww } from '../src/music/bww/tokenizeBww.ts';
import { decodeBww } from '../src/music/bww/decodeBww.ts';
import { classifyToken, splitGlued } from '../src/music/bww/classifyToken.ts';
import { corpusDir, readCorpus, type CorpusFile } from '../src/music/bww/testing/readCorpus.ts';
import { barsOf, notesOf } from '../src/music/tune/tune.ts';

interface FileReport {
  readonly file: string;
  readonly tunes: number;
  readonly bars: number;
  readonly notes: number;
  readonly embellishments: Record<string, number>;
  readonly tokens: number;
  readonly recognised: number;
  readonly warnings: readonly string[];
}

function count<K extends string>(into: Record<string, number>, key: K, by = 1): void {
  into[key] = (into[key] ?? 0) + by;
}

function reportOf(file: string, result: BwwParseResult): FileReport {
  const embellishments: Record<string, number> = {};
  for (const tune of result.tunes) {
    for (const note of notesOf(tune)) {
      for (const e of note.embellishments) count(embellishments, e.family);
    }
  }
  return {
    file,
    tunes: result.tunes.length,
    bars: result.tunes.reduce((n, t) => n + barsOf(t).length, 0),
    notes: result.tunes.reduce((n, t) => n + notesOf(t).length, 0),
    embellishments,
    tokens: result.tokens,
    recognised: result.recognised,
    warnings: result.warnings.map((w) => `${w.line}:${w.column} ${w.kind} ${w.message}`),
  };
}

/** Distinct music words of a file and whether each is understood (glued words split). */
function distinctWords(bytes: Uint8Array, into: Map<string, boolean>): void {
  for (const raw of tokenizeBww(decodeBww(bytes))) {
    if (raw.kind !== 'word') continue;
    into.set(raw.value, classifyToken(raw.value) !== null || splitGlued(raw.value) !== null);
  }
}

function corpusReport(files: readonly CorpusFile[], json: boolean): void {
  const reports = files.map((f) => reportOf(f.name, parseBww(f.bytes)));
  const words = new Map<string, boolean>();
  files.forEach((f) => distinctWords(f.bytes, words));
  const byKind: Record<string, number> = {};
  const families: Record<string, number> = {};
  for (const r of reports) {
    for (const w of r.warnings) count(byKind, w.split(' ')[1] ?? '?');
    for (const [k, v] of Object.entries(r.embellishments)) count(families, k, v);
  }
  const sum = (f: (r: FileReport) => number): number => reports.reduce((n, r) => n + f(r), 0);
  const tokens = sum((r) => r.tokens);
  const recognised = sum((r) => r.recognised);
  const summary = {
    corpus: corpusDir,
    files: reports.length,
    tunes: sum((r) => r.tunes),
    bars: sum((r) => r.bars),
    notes: sum((r) => r.notes),
    tokens,
    recognised,
    coverage: tokens ? recognised / tokens : 1,
    distinctWords: words.size,
    distinctUnderstood: [...words.values()].filter(Boolean).length,
    warningsByKind: byKind,
    embellishmentsByFamily: families,
  };
  if (json) {
    console.log(JSON.stringify({ ...summary, files: reports }));
    return;
  }
  console.log(`BWW corpus ${corpusDir}`);
  console.log(
    `  files ${summary.files}, tunes ${summary.tunes}, bars ${summary.bars}, notes ${summary.notes}`,
  );
  console.log(
    `  tokens understood ${recognised}/${tokens} (${(100 * summary.coverage).toFixed(2)} %), ` +
      `distinct words ${summary.distinctUnderstood}/${summary.distinctWords}`,
  );
  console.log(`  warnings by kind ${JSON.stringify(byKind)}`);
  console.log(`  embellishments by family ${JSON.stringify(families)}`);
  for (const r of reports) for (const w of r.warnings) console.log(`  ${r.file}:${w}`);
  console.log(JSON.stringify(summary));
}

function main(argv: readonly string[]): number {
  const json = argv.includes('--json');
  const paths = argv.filter((a) => a !== '--json');
  if (paths.length === 0) {
    const files = readCorpus();
    if (files.length === 0) {
      console.error(`no corpus at ${corpusDir}`);
      return 1;
    }
    corpusReport(files, json);
    return 0;
  }
  let failed = 0;
  const reports: FileReport[] = [];
  for (const path of paths) {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(path));
    } catch (error) {
      console.error(`${path}: cannot read (${(error as Error).message})`);
      failed++;
      continue;
    }
    reports.push(reportOf(path, parseBww(bytes)));
  }
  if (json) console.log(JSON.stringify(reports));
  else {
    for (const r of reports) {
      console.log(`${r.file}: ${r.tunes} tunes, ${r.bars} bars, ${r.notes} notes`);
      console.log(`  embellishments ${JSON.stringify(r.embellishments)}`);
      for (const w of r.warnings) console.log(`  ${r.file}:${w}`);
    }
  }
  return failed > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
