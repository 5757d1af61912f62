/**
 * The in-browser half of `npm run bench:metronome` (bench/metronome.bench.ts bundles this file
 * and runs it in Chromium). Two measurements of the real metronome engine and scheduler:
 *
 *  offline(bpm, seconds): the engine renders into an OfflineAudioContext whose clock drives the
 *    scheduler (the 25 ms timer fires at render suspensions), and every click's first sample is
 *    compared with the ideal grid, in samples.
 *  live(bpm, seconds, blockMs): a running AudioContext, the main thread blocked `blockMs` in
 *    every second; our engine (worker timer, look-ahead on the audio clock) and a
 *    setInterval-driven baseline click side by side, their onsets found on the audio thread by
 *    a recorder worklet.
 */
import { createMetronomeEngine } from '../src/audio/metronomeEngine.ts';
import { meterOf, type TimeSignature } from '../src/music/meter.ts';
import { browserSchedulerTimers } from '../src/audio/schedulerWorkerTimers.ts';

const SILENCE_FRAMES = 480;

/** Frames where a channel starts sounding after at least 10 ms of silence. */
function onsetsOf(data: Float32Array): number[] {
  const found: number[] = [];
  let quiet = SILENCE_FRAMES;
  for (let i = 0; i < data.length; i++) {
    if (Math.abs(data[i]!) > 1e-6) {
      if (quiet >= SILENCE_FRAMES) found.push(i);
      quiet = 0;
    } else quiet++;
  }
  return found;
}

/** A context whose `state` reads running: an OfflineAudioContext cannot resume() before rendering. */
function asRunning<C extends object>(ctx: C): C {
  return new Proxy(ctx, {
    get(target, key) {
      if (key === 'state') return 'running';
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

async function offline(bpm: number, seconds: number, timeSignature: TimeSignature = '4/4') {
  const rate = 48_000;
  const ctx = new OfflineAudioContext(1, Math.round(rate * seconds), rate);
  const due: { at: number; callback: () => void }[] = [];
  const timers = {
    setTimeout(callback: () => void, ms: number) {
      const t = { at: ctx.currentTime + ms / 1000, callback };
      due.push(t);
      return t;
    },
    clearTimeout(handle: unknown) {
      const i = due.indexOf(handle as (typeof due)[number]);
      if (i >= 0) due.splice(i, 1);
    },
  };
  // Suspend every 128-frame render quantum: the timer fires on the first quantum after it is due.
  const quantum = 128 / rate;
  for (let t = quantum; t < seconds; t += quantum) {
    const at = t;
    void ctx.suspend(at).then(() => {
      for (const timer of due.filter((d) => d.at <= ctx.currentTime + 1e-9)) {
        timers.clearTimeout(timer);
        timer.callback();
      }
      void ctx.resume();
    });
  }
  const engine = createMetronomeEngine({
    getContext: () => asRunning(ctx) as never,
    fetch: () => Promise.reject(new Error('no samples offline')),
    timers,
    sound: 'Beep',
    view: 'None',
    bpm,
    timeSignature,
  });
  engine.start();
  const buffer = await ctx.startRendering();
  engine.dispose();
  const onsets = onsetsOf(buffer.getChannelData(0));
  // The engine starts the grid 50 ms after start (START_DELAY). The ideal grid is computed in
  // whole frames (60, 100 and 240 BPM are whole numbers of frames at 48 kHz, and so are their
  // quavers in compound time): click i falls on frame 2400 + i·step, where the click's gain
  // ramp starts from 0, so its first non-silent sample is the frame after. In compound time
  // every quaver clicks (issue 22 item 2), three to the beat.
  const perMinute = bpm * meterOf(timeSignature).clicksPerBeat;
  const step = (60 * rate) / perMinute;
  if (!Number.isInteger(step)) throw new Error(`${bpm} BPM is not a whole number of frames`);
  const errors = onsets.map((f, i) => f - (Math.round(0.05 * rate) + i * step + 1));
  return {
    bpm,
    timeSignature,
    seconds,
    rate,
    clicks: onsets.length,
    expected: Math.ceil(((seconds - 0.05) * perMinute) / 60),
    errors,
  };
}

const RECORDER = `
class Onsets extends AudioWorkletProcessor {
  constructor() { super(); this.quiet = [1e9, 1e9]; }
  process(inputs) {
    const input = inputs[0];
    for (let c = 0; c < 2; c++) {
      const data = input[c];
      if (!data) continue;
      for (let i = 0; i < data.length; i++) {
        if (Math.abs(data[i]) > 1e-4) {
          if (this.quiet[c] >= ${SILENCE_FRAMES}) this.port.postMessage({ channel: c, frame: currentFrame + i });
          this.quiet[c] = 0;
        } else this.quiet[c]++;
      }
    }
    return true;
  }
}
registerProcessor('onsets', Onsets);
`;

async function live(bpm: number, seconds: number, blockMs: number) {
  const ctx = new AudioContext({ sampleRate: 48_000 });
  await ctx.resume();
  await ctx.audioWorklet.addModule(
    URL.createObjectURL(new Blob([RECORDER], { type: 'text/javascript' })),
  );
  const recorder = new AudioWorkletNode(ctx, 'onsets', {
    numberOfInputs: 1,
    channelCount: 2,
    channelCountMode: 'explicit',
  });
  const merger = ctx.createChannelMerger(2);
  merger.connect(recorder);
  const oursTap = ctx.createGain();
  const baseTap = ctx.createGain();
  oursTap.connect(merger, 0, 0);
  baseTap.connect(merger, 0, 1);
  const onsets: [number[], number[]] = [[], []];
  recorder.port.onmessage = (e: MessageEvent<{ channel: 0 | 1; frame: number }>) =>
    onsets[e.data.channel].push(e.data.frame);

  // Ours: the app's engine and worker timers, its output sent to the recorder.
  const tapped = new Proxy(ctx, {
    get(target, key) {
      if (key === 'destination') return oursTap;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  const engine = createMetronomeEngine({
    getContext: () => tapped as never,
    fetch: () => Promise.reject(new Error('unused')),
    timers: browserSchedulerTimers(),
    sound: 'Beep',
    view: 'None',
    bpm,
  });
  // Baseline: the naive metronome, one click "now" from each setInterval callback.
  const click = () => {
    const osc = ctx.createOscillator();
    const amp = ctx.createGain();
    const at = ctx.currentTime;
    osc.frequency.value = 880;
    amp.gain.setValueAtTime(0, at);
    amp.gain.linearRampToValueAtTime(0.6, at + 0.002);
    amp.gain.linearRampToValueAtTime(0, at + 0.05);
    osc.connect(amp).connect(baseTap);
    osc.start(at);
    osc.stop(at + 0.05);
  };
  const blocker = window.setInterval(() => {
    const end = performance.now() + blockMs;
    while (performance.now() < end) {
      // Busy: the main thread does nothing else for blockMs.
    }
  }, 1000);
  engine.start();
  click();
  const baseline = window.setInterval(click, 60_000 / bpm);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  engine.stop();
  window.clearInterval(baseline);
  window.clearInterval(blocker);
  await new Promise((r) => setTimeout(r, 300));
  await ctx.close();
  return { bpm, seconds, blockMs, rate: 48_000, ours: onsets[0], baseline: onsets[1] };
}

Object.assign(window, { metronomeBench: { offline, live } });
