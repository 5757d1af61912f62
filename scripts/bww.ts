/**
 * `npm run bww -- FILE… [--json]` (issue 6 'Command'): what the BWW reader makes of each file —
 * its tunes (title, type, bars, notes, tempo), embellishments by family and every warning with
 * line:column. The exit code is non-zero only when a file cannot be read: a warning is a
 * finding about the file, not a failure of the command.
 */
import { readFileSync } from 'node:fs';
import { parseBww } from '../src/music/bww/parseBww.ts';
import { barsOf, notesOf, tuneText } from '../src/music/tune/tune.ts';

interface TuneReport {
  readonly title: string;
  readonly type: string;
  readonly composer: string;
  readonly tempo: number | null;
  readonly parts: number;
  readonly bars: number;
  readonly notes: number;
  readonly embellishments: Record<string, number>;
}

interface FileReport {
  readonly file: string;
  readonly tunes: readonly TuneReport[];
  readonly bars: number;
  readonly notes: number;
  readonly embellishments: Record<string, number>;
  readonly warnings: readonly {
    line: number;
    column: number;
    kind: string;
    token: string;
    message: string;
  }[];
}

function add(into: Record<string, number>, key: string, by = 1): void {
  into[key] = (into[key] ?? 0) + by;
}

function reportFile(file: string, bytes: Uint8Array): FileReport {
  const result = parseBww(bytes);
  const tunes = result.tunes.map((tune): TuneReport => {
    const embellishments: Record<string, number> = {};
    for (const note of notesOf(tune))
      for (const e of note.embellishments) add(embellishments, e.family);
    return {
      title: tuneText(tune, 'title'),
      type: tuneText(tune, 'type'),
      composer: tuneText(tune, 'composer'),
      tempo: tune.tempo,
      parts: tune.parts.length,
      bars: barsOf(tune).length,
      notes: notesOf(tune).length,
      embellishments,
    };
  });
  const embellishments: Record<string, number> = {};
  for (const t of tunes)
    for (const [k, v] of Object.entries(t.embellishments)) add(embellishments, k, v);
  return {
    file,
    tunes,
    bars: tunes.reduce((n, t) => n + t.bars, 0),
    notes: tunes.reduce((n, t) => n + t.notes, 0),
    embellishments,
    warnings: result.warnings.map(({ line, column, kind, token, message }) => ({
      line,
      column,
      kind,
      token,
      message,
    })),
  };
}

const families = (e: Record<string, number>): string =>
  Object.entries(e)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || 'none';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function print(r: FileReport): void {
  console.log(
    `${r.file}: ${plural(r.tunes.length, 'tune')}, ${plural(r.bars, 'bar')}, ` +
      `${plural(r.notes, 'note')}, ${plural(r.warnings.length, 'warning')}`,
  );
  r.tunes.forEach((t, i) => {
    const name = [t.title || '(untitled)', t.type, t.composer].filter(Boolean).join(' — ');
    const tempo = t.tempo === null ? '' : `, tempo ${t.tempo}`;
    console.log(
      `  tune ${i + 1}: ${name}: ${plural(t.parts, 'part')}, ${plural(t.bars, 'bar')}, ${plural(t.notes, 'note')}${tempo}`,
    );
    console.log(`    embellishments: ${families(t.embellishments)}`);
  });
  for (const w of r.warnings) {
    console.log(`  ${r.file}:${w.line}:${w.column}: ${w.kind} '${w.token}': ${w.message}`);
  }
}

function main(argv: readonly string[]): number {
  const json = argv.includes('--json');
  const paths = argv.filter((a) => a !== '--json');
  if (paths.length === 0) {
    console.error('usage: npm run bww -- FILE.bww… [--json]');
    return 2;
  }
  let unreadable = 0;
  const reports: FileReport[] = [];
  for (const path of paths) {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(path));
    } catch (error) {
      console.error(
        `${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
      unreadable++;
      continue;
    }
    const report = reportFile(path, bytes);
    reports.push(report);
    if (!json) print(report);
  }
  if (json) console.log(JSON.stringify(reports, null, 2));
  return unreadable > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
