/**
 * Play-along benchmark (issue 14 item 7): performances of the built-in library tunes with
 * known mistakes (bench/playalongMistakes.ts), rendered with the app's chanter voice or the
 * corpus recordings (../shared/corpus/audio, moved to chanter pitch), with tempo drift of
 * ±10%, white noise at 20 dB SNR or the app's drones leaking at −12 dB (cancelled as the app
 * does); run through the real listening path (src/audio/pitch/noteEventsOffline.ts), then
 * the score follower — and, in the same run, a naive judge (nearest note at the expected time,
 * bench/playalongNaiveJudge.ts). Prints a table and one JSON line; never part of `npm test`.
 *
 *   npm run bench:playalong            every tune × condition, voice and drift in turn (~2 min)
 *   npm run bench:playalong -- --full  every tune × condition × voice × drift (~8 min)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseBww } from '../src/music/bww/parseBww.ts';
import { STANDARD_CHANTER } from '../src/music/chanter.ts';
import { scaleIndex } from '../src/music/notes.ts';
import { seededRandom } from '../src/music/random.ts';
import { expectedEvents } from '../src/music/playAlong/expectedEvents.ts';
import type { EventJudgement } from '../src/music/playAlong/judgement.ts';
import { judgeWindows } from '../src/music/playAlong/judgeWindows.ts';
import type { PerformedEvent } from '../src/music/playAlong/performedEvent.ts';
import { createScoreFollower } from '../src/music/playAlong/scoreFollower.ts';
import {
  plannedPerformance,
  type PlannedNote,
} from '../src/music/playAlong/testing/plannedPerformance.ts';
import { tuneText } from '../src/music/tune/tune.ts';
import { DroneVoice } from '../src/audio/drones/droneVoice.ts';
import { chanterNote, roomLeak, type CorpusSample } from '../src/audio/pitch/evaluation/testSet.ts';
import { noteEventsOffline } from '../src/audio/pitch/noteEventsOffline.ts';
import { atDecibelsBelow, mix, whiteNoise } from '../src/audio/pitch/testSignals.ts';
import { renderChanter } from '../src/audio/synth/renderChanter.ts';
import { decodeWav, toMono } from '../src/audio/wav/wav.ts';
import { corpusRoot } from '../src/music/bww/testing/readCorpus.ts';
import { randomMistakes, type MistakeKind } from './playalongMistakes.ts';
import { newTallies, score, type JudgeTallies, type Verdicts } from './playalongScore.ts';
import { naiveJudge } from './playalongNaiveJudge.ts';

const full = process.argv.includes('--full');
/** BENCH_DEBUG=1 prints each mistake the follower did not name, with the verdicts around it. */
const debug = process.env.BENCH_DEBUG === '1';
const SAMPLE_RATE = 48000;
const LEAD_IN = 1;
const chanter = STANDARD_CHANTER;
const windows = judgeWindows('standard');
const hz = (p: PlannedNote['pitch']) => chanter.frequencies[scaleIndex(p)]!;

const libraryDir = new URL('../src/music/library/', import.meta.url);
const files = readdirSync(libraryDir)
  .filter((f) => f.endsWith('.bww'))
  .sort();

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
    `bench:playalong needs the corpus at ${soundfontDir} (set CORPUS_DIR): ${String(error)}`,
  );
  process.exit(2);
}

type Voice = 'synth' | 'corpus';
type Condition = 'clean' | 'noise 20 dB' | 'drones -12 dB';
const voices: Voice[] = ['synth', 'corpus'];
const conditions: Condition[] = ['clean', 'noise 20 dB', 'drones -12 dB'];
const drifts = [0, 0.1, -0.1];

const FADE = Math.round(0.002 * SAMPLE_RATE);
/** The corpus recordings as a chanter: each note read at its pitch, 2 ms crossfades. */
function renderCorpus(notes: readonly PlannedNote[], seconds: number): Float32Array {
  const out = new Float32Array(Math.ceil(seconds * SAMPLE_RATE));
  for (const n of notes) {
    const from = Math.round(n.onset * SAMPLE_RATE);
    const length = Math.round(n.duration * SAMPLE_RATE);
    const note = chanterNote(corpus, hz(n.pitch), (length + FADE) / SAMPLE_RATE, SAMPLE_RATE);
    for (let i = 0; i < note.length && from + i < out.length; i++) {
      const gain = Math.min(i < FADE ? i / FADE : 1, i >= length ? 1 - (i - length) / FADE : 1);
      out[from + i]! += note[i]! * gain * 1.5;
    }
  }
  return out;
}

function microphone(clean: Float32Array, condition: Condition, seed: number): Float32Array {
  const played = clean.subarray(LEAD_IN * SAMPLE_RATE);
  if (condition === 'noise 20 dB') {
    return mix(clean, atDecibelsBelow(played, whiteNoise(clean.length, 1, seed), 20));
  }
  if (condition === 'drones -12 dB') {
    const drone = new DroneVoice({ sampleRate: SAMPLE_RATE, lowA: chanter.frequencies[1]! });
    const leak = roomLeak(drone.render(new Float32Array(clean.length)), SAMPLE_RATE);
    return mix(clean, atDecibelsBelow(played, leak, 12));
  }
  return clean;
}

const cpuSeconds = (f: () => void) => {
  const before = process.cpuUsage();
  f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
};

const byCondition = new Map<string, { follower: JudgeTallies; naive: JudgeTallies }>();
const overall = { follower: newTallies(), naive: newTallies() };
let audioSeconds = 0;
let followerCpu = 0;
let detectorCpu = 0;
let runs = 0;
const started = performance.now();

let seed = 1;
// Default: every tune whole, under each condition, the voice and the drift taking turns.
// --full: every voice and every drift too.
const plan: { file: string; voice: Voice; condition: Condition; drift: number }[] = [];
files.forEach((file, i) => {
  conditions.forEach((condition, c) => {
    if (full) {
      for (const voice of voices)
        for (const drift of drifts) plan.push({ file, voice, condition, drift });
    } else {
      const voice = voices[(i + c) % voices.length]!;
      plan.push({ file, voice, condition, drift: drifts[(i + c) % drifts.length]! });
    }
  });
});

for (const { file, voice, condition, drift } of plan) {
  const tune = parseBww(readFileSync(new URL(file, libraryDir))).tunes[0]!;
  const { events, bpm } = expectedEvents(tune);
  const random = seededRandom(seed++);
  const placed = randomMistakes(events, random, 1);
  const { notes, truth } = plannedPerformance(
    events,
    placed.map((p) => p.mistake),
    { windows, start: LEAD_IN, drift, humanise: random },
  );
  const seconds = notes.at(-1)!.onset + notes.at(-1)!.duration + 0.5;
  const clean =
    voice === 'synth'
      ? renderChanter(
          notes.map((n) => ({ hz: hz(n.pitch), onset: n.onset, duration: n.duration })),
          {
            sampleRate: SAMPLE_RATE,
            seconds,
          },
        )
      : renderCorpus(notes, seconds);
  const mic = microphone(clean, condition, seed);
  const droneHz = condition === 'drones -12 dB' ? chanter.frequencies[1]! / 4 : null;
  let heard: PerformedEvent[] = [];
  detectorCpu += cpuSeconds(() => {
    heard = noteEventsOffline(mic, SAMPLE_RATE, chanter, { droneHz });
  });
  const follower = createScoreFollower(events);
  followerCpu += cpuSeconds(() => {
    for (const e of heard) follower.push(e);
    follower.finish();
  });
  audioSeconds += mic.length / SAMPLE_RATE;
  runs++;
  const result = follower.result();
  const judged = new Map<number, EventJudgement>(result.events.map((j) => [j.expected.index, j]));
  const emb = new Map(result.embellishments.map((e) => [e.melody, e.verdict]));
  const followerVerdicts: Verdicts = {
    melody: (i) => judged.get(i)?.verdict,
    offset: (i) => judged.get(i)?.offset ?? null,
    graceHeard: (i) => judged.get(i)?.verdict === 'correct',
    embellishment: (m) => emb.get(m),
    extraNear: (onset) => result.extras.some((x) => Math.abs(x.onset - onset) < 0.04),
  };
  const naive = naiveJudge(events, heard, 1, windows);
  const naiveVerdicts: Verdicts = {
    melody: (i) => naive.melody.get(i),
    offset: (i) => naive.offsets.get(i) ?? null,
    graceHeard: (i) => naive.gracesHeard.has(i),
    // Naive: a movement is complete when all its graces are heard near their times.
    embellishment: (m) => {
      const graces = events.filter((e) => e.kind === 'grace' && e.melody === m);
      return graces.every((g) => naive.gracesHeard.has(g.index)) ? 'complete' : 'missing-graces';
    },
    extraNear: () => false,
  };
  const key = `${condition} / ${voice}`;
  if (!byCondition.has(key)) byCondition.set(key, { follower: newTallies(), naive: newTallies() });
  const row = byCondition.get(key)!;
  const log = debug ? (m: string) => console.error(`${file}: ${m}`) : undefined;
  score(row.follower, followerVerdicts, truth, placed, events, condition, windows);
  score(row.naive, naiveVerdicts, truth, placed, events, condition, windows);
  score(overall.follower, followerVerdicts, truth, placed, events, condition, windows, log);
  score(overall.naive, naiveVerdicts, truth, placed, events, condition, windows);
  if (process.stderr.isTTY)
    process.stderr.write(`\r${runs}/${plan.length} ${tuneText(tune, 'title')} ${bpm} bpm       `);
}
if (process.stderr.isTTY) process.stderr.write('\n');
const wall = (performance.now() - started) / 1000;

const pct = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)}`);
const kinds: MistakeKind[] = [
  'wrong',
  'skip',
  'extra',
  'early',
  'late',
  'drop-grace',
  'swap-graces',
  'noise',
  'slow-graces',
];
const header = [
  'condition / voice',
  'judge',
  'melody %',
  'grace heard %',
  ...kinds.map((k) => `${k} %`),
  'timing≥40 flagged %',
  'recovery max',
];
const table: string[][] = [];
const rowOf = (name: string, judge: string, t: JudgeTallies) => [
  name,
  judge,
  pct(t.melody.rate),
  pct(t.graceRecall.rate),
  ...kinds.map((k) => pct(t.recall.get(k)?.rate ?? null)),
  pct(t.timingFlagged.rate),
  t.recovery.length ? String(Math.max(...t.recovery)) : '–',
];
for (const [key, row] of [...byCondition].sort()) {
  table.push(rowOf(key, 'follower', row.follower), rowOf(key, 'naive', row.naive));
}
table.push(rowOf('all', 'follower', overall.follower), rowOf('all', 'naive', overall.naive));
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(
  `Play-along benchmark${full ? ' (full)' : ''}: ${runs} performances, ${audioSeconds.toFixed(0)} s of audio at ${SAMPLE_RATE} Hz; ${cpus().length}× ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0]!.toFixed(1)}; ran ${wall.toFixed(0)} s`,
);
console.log(
  'Recall per injected mistake type (the judge named it); melody % = verdicts equal to the truth.',
);
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const r of table) console.log(line(r));
const fa = (t: JudgeTallies) => Object.fromEntries([...t.falseAlarm].map(([k, v]) => [k, v.rate]));
console.log(
  `False alarms on untouched notes / movements (follower): ${JSON.stringify(fa(overall.follower), (_, v: unknown) => (typeof v === 'number' ? Number((v * 100).toFixed(2)) : v))} (%)`,
);

const f = overall.follower;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const summary = {
  melodyAccuracy: f.melody.rate,
  melodyAccuracyNaive: overall.naive.melody.rate,
  missingGraceRecall: f.missingGraceRecall.rate,
  missingGraceRecallNaive: overall.naive.missingGraceRecall.rate,
  missingGraceFalseAlarmClean: f.missingGraceFalseAlarmClean.rate,
  missingGraceFalseAlarmCleanNaive: overall.naive.missingGraceFalseAlarmClean.rate,
  timingFlagged: f.timingFlagged.rate,
  timingFlaggedNaive: overall.naive.timingFlagged.rate,
  graceRecall: f.graceRecall.rate,
  graceRecallNaive: overall.naive.graceRecall.rate,
  recoveryMax: f.recovery.length ? Math.max(...f.recovery) : null,
  recoveryMean: mean(f.recovery),
  recoveryMaxNaive: overall.naive.recovery.length ? Math.max(...overall.naive.recovery) : null,
  recall: Object.fromEntries(kinds.map((k) => [k, f.recall.get(k)?.rate ?? null])),
  recallNaive: Object.fromEntries(kinds.map((k) => [k, overall.naive.recall.get(k)?.rate ?? null])),
  falseAlarm: fa(f),
  falseAlarmNaive: fa(overall.naive),
  followerCorePercent: (100 * followerCpu) / audioSeconds,
  detectorCorePercent: (100 * detectorCpu) / audioSeconds,
  mistakes: Object.fromEntries(kinds.map((k) => [k, f.recall.get(k)?.trials ?? 0])),
};
console.log(
  `Targets: melody ≥ 97% → ${pct(summary.melodyAccuracy)}% (naive ${pct(summary.melodyAccuracyNaive)}%); missing graces found ≥ 95% → ${pct(summary.missingGraceRecall)}% with ≤ 2% false alarms on clean → ${pct(summary.missingGraceFalseAlarmClean)}%; timing ≥ 40 ms flagged ≥ 95% → ${pct(summary.timingFlagged)}%; recovery ≤ 2 notes → max ${summary.recoveryMax}; ≤ 5% of a core → follower ${summary.followerCorePercent.toFixed(3)}% (listening path ${summary.detectorCorePercent.toFixed(1)}%)`,
);
console.log(
  JSON.stringify({
    bench: 'playalong',
    full,
    runs,
    audioSeconds: Number(audioSeconds.toFixed(1)),
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    loadAverage: Number(loadavg()[0]!.toFixed(2)),
    seconds: Number(wall.toFixed(1)),
    summary,
  }),
);
