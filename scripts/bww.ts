/**
 * `npm run bww -- FILE… [--json | --events]` (issue 6 'Command'): what the BWW reader makes of
 * each file — its tunes (title, type, bars, notes, tempo), embellishments by family and every
 * warning with line:column. MusicXML files (.musicxml, .xml) go through the MusicXML importer,
 * their warnings named by measure (issue 15 item 4). The exit code is non-zero only when a file
 * cannot be read: a warning is a finding about the file, not a failure of the command.
 *
 * `--events` prints instead one JSON line per event of each tune (../src/music/tune/tuneEvents.ts)
 * so any two files, BWW or MusicXML, can be compared note by note with `diff`; warnings then
 * go to stderr.
 */
import { readFileSync } from 'node:fs';
import { parseBww } from '../src/music/bww/parseBww.ts';
import { importMusicXml } from '../src/music/musicxml/importMusicXml.ts';
import { barsOf, notesOf, tuneText, type Tune } from '../src/music/tune/tune.ts';
import { tuneEvents } from '../src/music/tune/tuneEvents.ts';

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
  /** BWW warnings have a line and column; MusicXML ones a measure. */
  readonly warnings: readonly Warning[];
}

type Warning =
  | { line: number; column: number; kind: string; token: string; message: string }
  | { measure: string | null; kind: string; message: string };

/** A file's tunes and warnings, or why it could not be read. */
type Loaded = { tunes: readonly Tune[]; warnings: readonly Warning[] } | { error: string };

const isMusicXml = (path: string): boolean => /\.(musicxml|xml|mxl)$/i.test(path);

function load(path: string, bytes: Uint8Array): Loaded {
  if (!isMusicXml(path)) {
    const result = parseBww(bytes);
    return {
      tunes: result.tunes,
      warnings: result.warnings.map(({ line, column, kind, token, message }) => ({
        line,
        column,
        kind,
        token,
        message,
      })),
    };
  }
  const result = importMusicXml(bytes);
  if (result.error) return { error: result.error.message };
  return { tunes: [result.data.tune], warnings: result.data.warnings.map((w) => ({ ...w })) };
}

function add(into: Record<string, number>, key: string, by = 1): void {
  into[key] = (into[key] ?? 0) + by;
}

function reportFile(
  file: string,
  loaded: { tunes: readonly Tune[]; warnings: readonly Warning[] },
): FileReport {
  const tunes = loaded.tunes.map((tune): TuneReport => {
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
    warnings: loaded.warnings,
  };
}

function warningLine(file: string, w: Warning): string {
  if ('line' in w) return `${file}:${w.line}:${w.column}: ${w.kind} '${w.token}': ${w.message}`;
  return `${file}: ${w.measure === null ? 'score' : `measure ${w.measure}`}: ${w.kind}: ${w.message}`;
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
  for (const w of r.warnings) console.log(`  ${warningLine(r.file, w)}`);
}

function main(argv: readonly string[]): number {
  const json = argv.includes('--json');
  const events = argv.includes('--events');
  const paths = argv.filter((a) => a !== '--json' && a !== '--events');
  if (paths.length === 0 || (json && events)) {
    console.error('usage: npm run bww -- FILE.bww|FILE.musicxml… [--json | --events]');
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
    const loaded = load(path, bytes);
    if ('error' in loaded) {
      console.error(`${path}: cannot read (${loaded.error})`);
      unreadable++;
      continue;
    }
    if (events) {
      // One JSON line per event, nothing else on stdout, so two files diff note by note.
      loaded.tunes.forEach((tune, i) => {
        for (const e of tuneEvents(tune, i + 1)) console.log(JSON.stringify(e));
      });
      for (const w of loaded.warnings) console.error(warningLine(path, w));
      continue;
    }
    const report = reportFile(path, loaded);
    reports.push(report);
    if (!json) print(report);
  }
  if (json) console.log(JSON.stringify(reports, null, 2));
  return unreadable > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
