/**
 * Judges a recording of a tune with no browser (issue 14 item 6):
 *
 *   npm run playalong -- TUNE.bww PERFORMANCE.wav [--tune N] [--tempo BPM]
 *     [--chanter standard|PATH.json] [--drones] [--latency MS] [--difficulty relaxed|standard|strict] [--json]
 *
 * The recording goes through the app's listening path (as `npm run detect`:
 * ../src/audio/pitch/noteEventsOffline.ts), its note events through the play-along judge
 * (../src/music/playAlong/). The tempo is --tempo, else the file's, else 80 bpm; the
 * performance starts at its first note (leading silence is fine) and the judge follows the
 * piper's tempo from there (found by a first pass, so playing slower or faster than written
 * is not judged as a run of late or early notes). --latency MS is taken off every onset (a device's measured input
 * delay). --drones cancels the app's drones as the app does when they are on.
 *
 * With --json: one JSON object per expected event, then {"summary": …} (./playalongReport.ts).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseBww } from '../src/music/bww/parseBww.ts';
import { tuneText } from '../src/music/tune/tune.ts';
import { tuneBpm, MAX_BPM, MIN_BPM } from '../src/music/tune/performance.ts';
import { expectedEvents } from '../src/music/playAlong/expectedEvents.ts';
import { DIFFICULTY_SCALE, type Difficulty } from '../src/music/playAlong/judgeWindows.ts';
import { createScoreFollower, type FollowerResult } from '../src/music/playAlong/scoreFollower.ts';
import { TempoTracker } from '../src/music/playAlong/tempoTracker.ts';
import { noteEventsOffline } from '../src/audio/pitch/noteEventsOffline.ts';
import { decodeWav, toMono } from '../src/audio/wav/wav.ts';
import { loadChanter } from './loadChanter.ts';
import { eventLines, summaryOf, textReport } from './playalongReport.ts';

const USAGE =
  'usage: npm run playalong -- TUNE.bww PERFORMANCE.wav [--tune N] [--tempo BPM] [--chanter standard|PATH.json] [--drones] [--latency MS] [--difficulty relaxed|standard|strict] [--json]';

export interface PlayalongRun {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

class UsageError extends Error {}

function parseArgs(argv: readonly string[]) {
  const files: string[] = [];
  const options = {
    tune: 1,
    tempo: null as number | null,
    chanter: 'standard',
    drones: false,
    latencyMs: 0,
    difficulty: 'standard' as Difficulty,
    json: false,
  };
  const value = (i: number, name: string) => {
    const v = argv[i];
    if (v === undefined) throw new UsageError(`${name} needs a value`);
    return v;
  };
  const number = (v: string, name: string) => {
    const n = Number(v);
    if (!Number.isFinite(n)) throw new UsageError(`${name} needs a number (got ${v})`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') options.json = true;
    else if (arg === '--drones') options.drones = true;
    else if (arg === '--tune') options.tune = number(value(++i, arg), arg);
    else if (arg === '--tempo') options.tempo = number(value(++i, arg), arg);
    else if (arg === '--latency') options.latencyMs = number(value(++i, arg), arg);
    else if (arg === '--chanter') options.chanter = value(++i, arg);
    else if (arg === '--difficulty') {
      const d = value(++i, arg);
      if (!(d in DIFFICULTY_SCALE)) throw new UsageError(`unknown difficulty ${d}`);
      options.difficulty = d as Difficulty;
    } else if (arg === '--help' || arg === '-h') throw new UsageError('');
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else files.push(arg);
  }
  if (files.length !== 2) throw new UsageError('give a tune (.bww) and a recording (.wav)');
  if (options.tempo !== null && (options.tempo < MIN_BPM || options.tempo > MAX_BPM)) {
    throw new UsageError(`--tempo must be ${MIN_BPM}–${MAX_BPM}`);
  }
  return { tuneFile: files[0]!, wavFile: files[1]!, ...options };
}

/** Beats of the first pass that set the opening tempo: about two bars. */
const OPENING_BEATS = 8;

/** Performance seconds per score second over the first melody notes matched (Theil–Sen). */
export function openingRate(result: FollowerResult): number {
  const tracker = new TempoTracker();
  result.events
    .filter((j) => j.expected.kind === 'melody' && j.verdict !== 'wrong' && j.onset !== null)
    .slice(0, OPENING_BEATS)
    .forEach((j) => tracker.add(j.expected.time, j.onset!));
  return tracker.rate;
}

/** The whole command, without touching process (the test runs it in-process). */
export function playalong(argv: readonly string[]): PlayalongRun {
  const out: string[] = [];
  try {
    const args = parseArgs(argv);
    const chanter = loadChanter(args.chanter);
    const { tunes } = parseBww(readFileSync(args.tuneFile));
    const tune = tunes[args.tune - 1];
    if (!tune)
      throw new Error(`${args.tuneFile} has ${tunes.length} tune(s); no tune ${args.tune}`);
    const wav = decodeWav(readFileSync(args.wavFile));
    const bpm = args.tempo ?? tuneBpm(tune);
    const { events } = expectedEvents(tune, { bpm });
    const heard = noteEventsOffline(toMono(wav), wav.sampleRate, chanter, {
      droneHz: args.drones ? chanter.frequencies[1]! / 4 : null,
    });
    const latency = args.latencyMs / 1000;
    const performed = heard.map((e) => ({ ...e, onset: e.onset - latency }));
    const judge = (rate: number) => {
      const follower = createScoreFollower(events, { difficulty: args.difficulty, rate });
      for (const e of performed) follower.push(e);
      follower.finish();
      return follower.result();
    };
    // A recording is judged twice: the first pass finds the tempo the piper set off at, so
    // the second does not read the opening notes as late or early while it learns it (a
    // piper rarely plays exactly the written tempo).
    const result = judge(openingRate(judge(1)));
    const title = tuneText(tune, 'title') || args.tuneFile;
    const summary = summaryOf(title, bpm, events, result);
    if (args.json) {
      for (const line of eventLines(events, result)) out.push(JSON.stringify(line));
      out.push(JSON.stringify({ summary }));
    } else out.push(...textReport(events, result, summary));
    return { code: 0, out, err: [] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UsageError) return { code: 2, out, err: [message, USAGE].filter(Boolean) };
    return { code: 1, out, err: [message] };
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const run = playalong(process.argv.slice(2));
  for (const line of run.out) console.log(line);
  for (const line of run.err) console.error(line);
  process.exitCode = run.code;
}
