/**
 * Runs the listening path on a WAV file (issue 4 item 4):
 *
 *   npm run detect -- FILE.wav [--chanter standard|keyboard|PATH.json] [--drones] [--json]
 *
 * Prints one line per analysis frame (time, Hz, clarity, note, cents) and a summary of note
 * spans with their median Hz and cents against the chanter. PATH.json is a custom chanter
 * {"name": …, "id"?: …, "frequencies": [9 numbers]}. --drones cancels the app's drones
 * (bass at the chanter's Low A / 4) as the app does when its drones are on.
 */
import { readFileSync } from 'node:fs';
import { centsBetween, type Chanter } from '../src/music/chanter.ts';
import { scaleIndex, type Pitch } from '../src/music/notes.ts';
import { decimate, decimationFactor } from '../src/audio/pitch/decimate.ts';
import { ChanterListener } from '../src/audio/pitch/listener.ts';
import { decodeWav, toMono } from '../src/audio/wav/wav.ts';
import { loadChanter } from './loadChanter.ts';

const USAGE =
  'usage: npm run detect -- FILE.wav [--chanter standard|keyboard|PATH.json] [--drones] [--json]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv: string[]) {
  let file: string | undefined;
  let chanterArg = 'standard';
  let json = false;
  let drones = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') json = true;
    else if (arg === '--drones') drones = true;
    else if (arg === '--chanter') chanterArg = argv[++i] ?? fail('--chanter needs a value');
    else if (arg === '--help' || arg === '-h') fail('');
    else if (arg.startsWith('--')) fail(`unknown option ${arg}`);
    else if (file) fail(`one file at a time (got ${file} and ${arg})`);
    else file = arg;
  }
  return { file: file ?? fail('no WAV file given'), chanterArg, json, drones };
}

function chanterOf(arg: string): Chanter {
  try {
    return loadChanter(arg);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

interface Frame {
  time: number;
  hz: number;
  clarity: number;
  note: Pitch | null;
  cents: number | null;
}

interface Span {
  note: Pitch;
  start: number;
  end: number;
  frames: number;
  medianHz: number;
  cents: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs of the same reported note; the Hz median ignores the frames' own outliers. */
function spansOf(frames: Frame[], chanter: Chanter, hop: number): Span[] {
  const spans: Span[] = [];
  let run: Frame[] = [];
  const close = () => {
    const first = run[0];
    if (first?.note) {
      const medianHz = median(run.map((f) => f.hz));
      const target = chanter.frequencies[scaleIndex(first.note)]!;
      spans.push({
        note: first.note,
        start: first.time - hop,
        end: run[run.length - 1]!.time,
        frames: run.length,
        medianHz,
        cents: centsBetween(medianHz, target),
      });
    }
    run = [];
  };
  for (const frame of frames) {
    if (run.length && run[0]!.note !== frame.note) close();
    run.push(frame);
  }
  close();
  return spans;
}

const { file, chanterArg, json, drones } = parseArgs(process.argv.slice(2));
const chanter = chanterOf(chanterArg);
let wav;
try {
  wav = decodeWav(readFileSync(file));
} catch (error) {
  fail(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
}
const factor = decimationFactor(wav.sampleRate);
const sampleRate = wav.sampleRate / factor;
const samples = decimate(toMono(wav), factor);
const listener = new ChanterListener({
  sampleRate,
  chanter,
  droneHz: drones ? chanter.frequencies[1]! / 4 : null,
});
const frames: Frame[] = [];
for (let at = 0; at < samples.length; at += 128) {
  listener.process(samples.subarray(at, at + 128), ({ time, estimate, state }) => {
    frames.push({
      time,
      hz: estimate.hz,
      clarity: estimate.clarity,
      note: state.note?.pitch ?? null,
      cents: state.note ? centsBetween(estimate.hz, state.note.target) : null,
    });
  });
}
const hop = 128 / sampleRate;
const spans = spansOf(frames, chanter, hop);

if (json) {
  const round = (v: number, d: number) => Number(v.toFixed(d));
  console.log(
    JSON.stringify({
      file,
      sampleRate: wav.sampleRate,
      analysedRate: sampleRate,
      channels: wav.channels.length,
      chanter,
      drones,
      frames: frames.map((f) => ({
        time: round(f.time, 4),
        hz: round(f.hz, 2),
        clarity: round(f.clarity, 3),
        note: f.note,
        cents: f.cents === null ? null : round(f.cents, 1),
      })),
      spans: spans.map((s) => ({
        ...s,
        start: round(s.start, 4),
        end: round(s.end, 4),
        medianHz: round(s.medianHz, 2),
        cents: round(s.cents, 1),
      })),
    }),
  );
} else {
  console.log(
    `${file}: ${wav.sampleRate} Hz${factor > 1 ? ` (analysed at ${sampleRate} Hz)` : ''}, ${wav.channels.length} channel(s), ${(samples.length / sampleRate).toFixed(2)} s; chanter ${chanter.name}${drones ? ', drones cancelled' : ''}`,
  );
  console.log('    time s       Hz  clarity  note   cents');
  for (const f of frames) {
    console.log(
      `${f.time.toFixed(4).padStart(10)} ${f.hz.toFixed(2).padStart(8)} ${f.clarity.toFixed(3).padStart(8)}  ${(f.note ?? '-').padEnd(4)} ${f.cents === null ? '' : f.cents.toFixed(1).padStart(7)}`,
    );
  }
  console.log(`\nSummary: ${spans.length} note span(s)`);
  console.log('   start s     end s  note  frames  median Hz   cents');
  for (const s of spans) {
    console.log(
      `${s.start.toFixed(3).padStart(9)} ${s.end.toFixed(3).padStart(9)}  ${s.note.padEnd(4)} ${String(s.frames).padStart(7)} ${s.medianHz.toFixed(2).padStart(10)} ${s.cents.toFixed(1).padStart(7)}`,
    );
  }
}
