/**
 * `npm run bench:metronome` (issue 5 'Done when'): how exactly the metronome clicks.
 *
 * 1. Offline: the real engine and scheduler render into Chromium's OfflineAudioContext, the
 *    scheduler driven by the render clock; each click's first sample against the ideal grid
 *    (target: 0 samples), at 60, 100 and 240 BPM.
 * 2. Live: a running AudioContext with the main thread blocked 200 ms in every second; our
 *    clicks (worker timer + 0.1 s look-ahead on the audio clock) against a setInterval-driven
 *    baseline in the same run. Onsets are found on the audio thread. "Drift" is how far the
 *    clicks have wandered from their grid by the end (mean error of the last five clicks minus
 *    the first five; target ≤ 1 ms for ours); the worst single click is reported beside it.
 *
 * Prints a table and one JSON line. BENCH_SECONDS sets the live run's length (default 30).
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/fixtures/browser.ts';

const LIVE_SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const BLOCK_MS = 200;
const LIVE_BPM = 100;

interface Offline {
  bpm: number;
  timeSignature: string;
  clicks: number;
  expected: number;
  errors: number[];
}
interface Live {
  bpm: number;
  rate: number;
  ours: number[];
  baseline: number[];
}

const bundle = await build({
  entryPoints: [fileURLToPath(new URL('./metronomePage.ts', import.meta.url))],
  bundle: true,
  format: 'iife',
  write: false,
  target: 'es2022',
  logLevel: 'silent',
});
const script = bundle.outputFiles[0]!.text;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'],
});
const page = await browser.newPage();
// AudioWorklet needs a secure context: serve an empty page as http://localhost.
await page.route('http://localhost/bench', (route) =>
  route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
);
await page.goto('http://localhost/bench');
await page.addScriptTag({ content: script });

type Bench = {
  metronomeBench: {
    offline(bpm: number, seconds: number, timeSignature?: string): Promise<Offline>;
    live(bpm: number, seconds: number, blockMs: number): Promise<Live>;
  };
};

const offline: Offline[] = [];
// 4/4: every beat clicks (the first of each bar accented); 6/8: every quaver, three to the
// dotted-crotchet beat (issue 22 item 2).
for (const [bpm, ts] of [
  [60, '4/4'],
  [100, '4/4'],
  [240, '4/4'],
  [100, '6/8'],
  [240, '6/8'],
] as const) {
  offline.push(
    await page.evaluate(
      ([b, s, t]) => (window as unknown as Bench).metronomeBench.offline(b, s, t),
      [bpm, 60, ts] as const,
    ),
  );
}
const live = await page.evaluate(
  ([b, s, block]) => (window as unknown as Bench).metronomeBench.live(b, s, block),
  [LIVE_BPM, LIVE_SECONDS, BLOCK_MS] as const,
);
await browser.close();

/** Each onset's error (ms) against a grid anchored on the first onset; missing beats skipped. */
function gridErrors(onsets: number[], rate: number, bpm: number) {
  const step = (60 / bpm) * rate;
  const first = onsets[0] ?? 0;
  const errors = onsets.map((f) => {
    const k = Math.round((f - first) / step);
    return ((f - (first + k * step)) / rate) * 1000;
  });
  const beats = onsets.length ? Math.round(((onsets.at(-1) ?? 0) - first) / step) + 1 : 0;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const abs = errors.map(Math.abs).sort((a, b) => a - b);
  return {
    clicks: onsets.length,
    missed: beats - onsets.length,
    driftMs: mean(errors.slice(-5)) - mean(errors.slice(0, 5)),
    medianMs: abs[Math.floor(abs.length / 2)] ?? 0,
    maxMs: abs.at(-1) ?? 0,
    lateOver1Ms: errors.filter((e) => Math.abs(e) > 1).length,
  };
}

const ours = gridErrors(live.ours, live.rate, live.bpm);
const baseline = gridErrors(live.baseline, live.rate, live.bpm);
const fmt = (n: number) => n.toFixed(2);

console.log('Offline render (OfflineAudioContext, 48 kHz, 60 s), onset error vs ideal grid:');
console.log('BPM  time  clicks     max |error| (samples)  errors ≠ 0');
for (const o of offline) {
  const max = Math.max(...o.errors.map(Math.abs));
  console.log(
    `${String(o.bpm).padEnd(4)} ${o.timeSignature.padEnd(5)} ${`${o.clicks}/${o.expected}`.padEnd(10)} ${String(max).padEnd(22)} ${o.errors.filter((e) => e !== 0).length}`,
  );
}
console.log(
  `\nLive (${LIVE_BPM} BPM, ${LIVE_SECONDS} s, main thread blocked ${BLOCK_MS} ms every second):`,
);
console.log(
  'metronome     clicks  missed  drift (ms)  median |err| (ms)  max |err| (ms)  clicks > 1 ms off',
);
for (const [name, r] of [
  ['ours', ours],
  ['setInterval', baseline],
] as const) {
  console.log(
    `${name.padEnd(13)} ${String(r.clicks).padEnd(7)} ${String(r.missed).padEnd(7)} ${fmt(r.driftMs).padEnd(11)} ${fmt(r.medianMs).padEnd(18)} ${fmt(r.maxMs).padEnd(15)} ${r.lateOver1Ms}`,
  );
}
console.log(
  JSON.stringify({
    bench: 'metronome',
    offline: offline.map((o) => ({
      bpm: o.bpm,
      timeSignature: o.timeSignature,
      clicks: o.clicks,
      expected: o.expected,
      maxErrorSamples: Math.max(...o.errors.map(Math.abs)),
    })),
    live: { bpm: LIVE_BPM, seconds: LIVE_SECONDS, blockMs: BLOCK_MS, ours, baseline },
  }),
);
