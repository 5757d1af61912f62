/**
 * Pitch benchmark (issue 4 item 4): our listening path against pitchy (McLeod, 2048-sample
 * window) in the same run, on a labelled signal built from the recorded bagpipe samples of
 * ../shared/corpus (moved to chanter pitch, detuned −20/0/+20 cents, legato transitions),
 * with white noise at 20 and 10 dB SNR and the app's drones leaking at −20/−12/−6 dB (and
 * 0 dB, a stress row beyond the issue's). Every row starts with 1 s of drones alone, as a
 * piper strikes in. Scoring rules: src/audio/pitch/evaluation/score.ts. Prints a table and
 * one JSON line. Never part of `npm test` (timings are noisy; see loadAverage).
 *
 *   npm run bench:pitch
 *   CORPUS_DIR=/path/to/corpus npm run bench:pitch
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { PitchDetector as Pitchy } from 'pitchy';
import { STANDARD_CHANTER } from '../src/music/chanter.ts';
import { ChanterListener } from '../src/audio/pitch/listener.ts';
import { NoteTracker } from '../src/audio/pitch/noteTracker.ts';
import { score, type NoteFrame, type Score } from '../src/audio/pitch/evaluation/score.ts';
import {
  buildTune,
  microphone,
  roomLeak,
  type Conditions,
  type CorpusSample,
} from '../src/audio/pitch/evaluation/testSet.ts';
import { decodeWav, toMono } from '../src/audio/wav/wav.ts';
import { pipesDrones } from '../src/audio/drones/pipesDrones.ts';
import { corpusRoot } from '../src/music/bww/testing/readCorpus.ts';

const SAMPLE_RATE = 48000;
const HOP = 128;
const OUR_WINDOW = 512;
const PITCHY_WINDOW = 2048;
const TIMING_SECONDS = 2;
const TIMING_RUNS = 3;
const LEAD_IN_SECONDS = 1;
const chanter = STANDARD_CHANTER;

const soundfontDir = join(corpusRoot, 'audio/soundfont-bagpipe');
let corpus: CorpusSample[];
try {
  const meta = JSON.parse(readFileSync(join(soundfontDir, 'pitch.json'), 'utf8')) as {
    wav: string;
    measured_hz: number;
  }[];
  corpus = meta.map((m) => {
    const wav = decodeWav(readFileSync(join(soundfontDir, m.wav)));
    return { name: m.wav, hz: m.measured_hz, sampleRate: wav.sampleRate, samples: toMono(wav) };
  });
} catch (error) {
  console.error(
    `bench:pitch needs the corpus at ${soundfontDir} (set CORPUS_DIR): ${String(error)}`,
  );
  process.exit(2);
}

const signal = buildTune(corpus, {
  sampleRate: SAMPLE_RATE,
  chanter,
  detunes: [-20, 0, 20],
  leadIn: LEAD_IN_SECONDS,
  minNote: 0.1,
  maxNote: 0.3,
  seed: 7,
});

function runOurs(mic: Float32Array, droneHz: number | null, pipes = false): NoteFrame[] {
  const listener = new ChanterListener({ sampleRate: SAMPLE_RATE, chanter, droneHz, pipes });
  const frames: NoteFrame[] = [];
  // Feed render quanta as the AudioWorklet will.
  for (let at = 0; at < mic.length; at += HOP) {
    listener.process(mic.subarray(at, at + HOP), ({ time, state, estimate }) => {
      frames.push({ time, pitch: state.note?.pitch ?? null, hz: state.note?.hz ?? estimate.hz });
    });
  }
  return frames;
}

function runPitchy(mic: Float32Array): NoteFrame[] {
  const pitchy = Pitchy.forFloat32Array(PITCHY_WINDOW);
  const tracker = new NoteTracker(chanter);
  const frames: NoteFrame[] = [];
  for (let end = PITCHY_WINDOW; end <= mic.length; end += HOP) {
    const [hz, clarity] = pitchy.findPitch(mic.subarray(end - PITCHY_WINDOW, end), SAMPLE_RATE);
    const time = end / SAMPLE_RATE;
    const note = tracker.push({ hz, clarity }, time).note;
    // pitchy's own Hz, not the tracker's median: its 2048-sample window is already smooth,
    // and the median would mix in estimates whose windows straddle the previous note.
    frames.push({ time, pitch: note?.pitch ?? null, hz });
  }
  return frames;
}

/**
 * µs per estimate, tracker included, in CPU time of this process (process.cpuUsage), not wall
 * time: on a shared machine other processes stretch wall time (a load of 15 on 2 cores
 * tripled it here) but barely touch our own CPU time. Best of TIMING_RUNS runs over
 * TIMING_SECONDS of the row's notes.
 */
function microsPerEstimate(run: (mic: Float32Array) => NoteFrame[], mic: Float32Array): number {
  // Time notes, not the silent lead-in (the silence gate makes it nearly free).
  const slice = mic.subarray(
    LEAD_IN_SECONDS * SAMPLE_RATE,
    (LEAD_IN_SECONDS + TIMING_SECONDS) * SAMPLE_RATE,
  );
  let best = Infinity;
  for (let i = 0; i < TIMING_RUNS; i++) {
    const before = process.cpuUsage();
    const estimates = run(slice).length;
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / estimates);
  }
  return best;
}

interface Row extends Score {
  noise: string;
  drones: string;
  detector: string;
  microsPerEstimate: number;
}

const rows: Row[] = [];
const started = performance.now();
const noises = [null, 20, 10];
// 0 dB (drones as loud as the chanter at the microphone) is a stress row beyond the issue's.
const drones = [null, -20, -12, -6, 0];
for (const snrDb of noises) {
  for (const droneDb of drones) {
    const conditions: Conditions = { snrDb, droneDb, seed: 11 };
    const mic = microphone(signal, chanter, conditions);
    const droneHz = droneDb === null ? null : chanter.frequencies[1]! / 4;
    const detectors: [string, (m: Float32Array) => NoteFrame[], number][] = [
      ['chanterlab', (m) => runOurs(m, droneHz), OUR_WINDOW],
    ];
    // The ablation (same path, canceller off) where the drones are loud enough to matter.
    if (droneDb !== null && droneDb >= -6) {
      detectors.push(['chanterlab (no drone cancel)', (m) => runOurs(m, null), OUR_WINDOW]);
    }
    detectors.push(['pitchy-2048', runPitchy, PITCHY_WINDOW]);
    for (const [detector, run, window] of detectors) {
      rows.push({
        noise: snrDb === null ? 'none' : `${snrDb} dB SNR`,
        drones: droneDb === null ? 'off' : `${droneDb} dB`,
        detector,
        ...score(run(mic), signal.segments, window / SAMPLE_RATE),
        microsPerEstimate: microsPerEstimate(run, mic),
      });
    }
  }
}

/**
 * Real pipes (issue 14 item 5): drones that are not the app's — another timbre, the set
 * tuned −15/0/+15 cents off the chanter's Low A/4, tenors a couple of cents apart, drifting
 * ±4 cents over 40 s — at −12 and −6 dB, plus 0 dB as a stress row, in 20 dB noise (a
 * piper's room). 'Pipes' input against 'Chanter' input (no cancellation) and pitchy.
 */
const rms = (a: Float32Array) => Math.sqrt(a.reduce((sum, v) => sum + v * v, 0) / a.length);
const played = signal.chanter.subarray(Math.floor(signal.segments[0]!.start * SAMPLE_RATE));
const noisy = microphone(signal, chanter, { snrDb: 20, droneDb: null, seed: 11 });
for (const droneDb of [-12, -6, 0]) {
  for (const offsetCents of [-15, 0, 15]) {
    const drones = roomLeak(
      pipesDrones(signal.chanter.length, {
        sampleRate: SAMPLE_RATE,
        lowA: chanter.frequencies[1]!,
        offsetCents,
        driftCents: 4,
        driftSeconds: 40,
      }),
      SAMPLE_RATE,
    );
    const gain = (rms(played) / rms(drones)) * 10 ** (droneDb / 20);
    const mic = noisy.map((v, i) => v + gain * drones[i]!);
    const detectors: [string, (m: Float32Array) => NoteFrame[], number][] = [
      ['chanterlab pipes', (m) => runOurs(m, null, true), OUR_WINDOW],
      ['chanterlab (chanter input)', (m) => runOurs(m, null), OUR_WINDOW],
      ['pitchy-2048', runPitchy, PITCHY_WINDOW],
    ];
    for (const [detector, run, window] of detectors) {
      rows.push({
        noise: '20 dB SNR',
        drones: `pipes ${droneDb} dB ${offsetCents >= 0 ? '+' : ''}${offsetCents} c`,
        detector,
        ...score(run(mic), signal.segments, window / SAMPLE_RATE),
        microsPerEstimate: microsPerEstimate(run, mic),
      });
    }
  }
}
const seconds = (performance.now() - started) / 1000;

const fmt = (v: number, digits: number) => (Number.isFinite(v) ? v.toFixed(digits) : 'miss');
const header = [
  'noise',
  'drones',
  'detector',
  'wrong %',
  'cents',
  'lat p50 ms',
  'lat p95 ms',
  'missed',
  'µs/est',
];
const table = rows.map((r) => [
  r.noise,
  r.drones,
  r.detector,
  (r.wrongRate * 100).toFixed(2),
  fmt(r.meanAbsCents, 2),
  fmt(r.latencyMedianMs, 1),
  fmt(r.latencyP95Ms, 1),
  String(r.missedOnsets),
  r.microsPerEstimate.toFixed(1),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(
  `Pitch benchmark: ${signal.segments.length} notes, ${(signal.chanter.length / SAMPLE_RATE).toFixed(1)} s per row at ${SAMPLE_RATE} Hz, hop ${HOP}; ${cpus().length}× ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0]!.toFixed(1)}; ran ${seconds.toFixed(0)} s`,
);
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of table) console.log(line(row));

// Targets of issue 4, over our rows (wrong-note rate pooled over steady frames).
const ours = rows.filter((r) => r.detector === 'chanterlab');
const pipesRows = rows.filter((r) => r.detector === 'chanterlab pipes');
const pipesAt = (db: number) => pipesRows.filter((r) => r.drones.startsWith(`pipes ${db} dB`));
const CENTS_TIE = 0.05;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const pooled = (list: Row[]) =>
  list.reduce((s, r) => s + r.wrongFrames, 0) / list.reduce((s, r) => s + r.steadyFrames, 0);
const summary = {
  wrongRateExcludingMinus6: pooled(ours.filter((r) => !['-6 dB', '0 dB'].includes(r.drones))),
  wrongRateMinus6: pooled(ours.filter((r) => r.drones === '-6 dB')),
  wrongRateStress0dB: pooled(ours.filter((r) => r.drones === '0 dB')),
  meanAbsCents: Math.max(...ours.map((r) => r.meanAbsCents)),
  latencyP95Ms: Math.max(...ours.map((r) => r.latencyP95Ms)),
  // Median over rows: on a shared machine a single row's timing can double under load.
  microsPerEstimate: median(ours.filter((r) => r.drones === 'off').map((r) => r.microsPerEstimate)),
  microsPerEstimateWithDroneCancel: median(
    ours.filter((r) => r.drones !== 'off').map((r) => r.microsPerEstimate),
  ),
  microsPerEstimatePitchy: median(
    rows.filter((r) => r.detector === 'pitchy-2048').map((r) => r.microsPerEstimate),
  ),
  // Per row: no more wrong notes, no later p95 onset, and no larger cents error, except that
  // cents are not compared where pitchy names under 95% of frames right (its mean then covers
  // only the few frames it got, e.g. 5% at −6 dB drones, and says nothing about accuracy),
  // and differences under CENTS_TIE count as ties: the labels themselves are only known to
  // ~0.2 cents (the recordings' measured Hz; pitchy's own mean offsets per sample reach that).
  // Issue 14 item 5 targets: ≥ 95 % of steady frames right at −6 dB, onset p95 ≤ 25 ms.
  pipesRightRateMinus12: 1 - pooled(pipesAt(-12)),
  pipesRightRateMinus6: 1 - pooled(pipesAt(-6)),
  pipesRightRateStress0dB: 1 - pooled(pipesAt(0)),
  pipesLatencyP95MsMinus6: Math.max(...pipesAt(-6).map((r) => r.latencyP95Ms)),
  chanterInputRightRateMinus6OnPipes:
    1 -
    pooled(
      rows.filter(
        (r) => r.detector === 'chanterlab (chanter input)' && r.drones.startsWith('pipes -6 dB'),
      ),
    ),
  chanterInputRightRateStress0dBOnPipes:
    1 -
    pooled(
      rows.filter(
        (r) => r.detector === 'chanterlab (chanter input)' && r.drones.startsWith('pipes 0 dB'),
      ),
    ),
  microsPerEstimatePipes: median(pipesRows.map((r) => r.microsPerEstimate)),
  rowsWorseThanPitchy: ours
    .filter((r) => {
      const p = rows.find(
        (q) => q.detector === 'pitchy-2048' && q.noise === r.noise && q.drones === r.drones,
      )!;
      const centsComparable = p.wrongRate <= 0.05;
      return (
        r.wrongRate > p.wrongRate ||
        !(r.latencyP95Ms <= p.latencyP95Ms || !Number.isFinite(p.latencyP95Ms)) ||
        (centsComparable && r.meanAbsCents > p.meanAbsCents + CENTS_TIE)
      );
    })
    .map((r) => `${r.noise} / ${r.drones}`),
};
console.log(
  JSON.stringify({
    bench: 'pitch',
    sampleRate: SAMPLE_RATE,
    hop: HOP,
    window: OUR_WINDOW,
    baselineWindow: PITCHY_WINDOW,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    // Timings on a busy machine are inflated; the load average says how busy it was.
    loadAverage: Number(loadavg()[0]!.toFixed(2)),
    seconds: Number(seconds.toFixed(1)),
    summary,
    rows,
  }),
);
