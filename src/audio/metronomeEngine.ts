/**
 * The metronome (spec §2.3 'Metronome', §4 'Metronome', §9): beats scheduled on the audio
 * clock by the look-ahead scheduler, each sounded as a Beep, a drum sample or nothing, with an
 * optional haptic pulse. Bars (issue 22 item 2): a time signature accents the first beat of
 * each bar, and in compound time (6/8, 9/8, 12/8) the BPM counts dotted crotchets and the
 * quavers between them click softly (src/music/meter.ts). No React (DESIGN habit 1); the audio context, fetch, vibrate and
 * timers are passed in (habit 2); React reads `getSnapshot` (habit 5).
 *
 * The view follows the audio, not the timer: a beat is published to the snapshot only once
 * the audio clock has reached the time it was scheduled for (issue 5).
 */
import {
  asTimeSignature,
  clickAt,
  clicksPerMinute,
  meterOf,
  type ClickKind,
  type TimeSignature,
} from '../music/meter.ts';
import type { Bpm, Hz, Seconds } from '../music/units.ts';
import { createLookAheadScheduler, secondsPerBeat, type LookAheadScheduler } from './scheduler.ts';
import type { Timers } from './timers.ts';
import type {
  AudioBufferLike,
  AudioContextLike,
  BufferSourceLike,
  GainLike,
  NodeLike,
  OscillatorLike,
} from './webAudio.ts';

export type MetronomeView = 'None' | 'Circle' | 'Pendulum';
export type MetronomeSound = 'None' | 'Beep' | 'Snare Drum' | 'Bass Drum';

export const metronomeViews: readonly MetronomeView[] = ['None', 'Circle', 'Pendulum'];
export const metronomeSounds: readonly MetronomeSound[] = [
  'None',
  'Beep',
  'Snare Drum',
  'Bass Drum',
];

/** Spec §9 'Metronome BPM: 60 to 240, default 100'. */
export const MIN_BPM: Bpm = 60;
export const MAX_BPM: Bpm = 240;
export const DEFAULT_BPM: Bpm = 100;
/** Spec §9 'Beep: sine 880 Hz, 50 ms'. */
export const BEEP_FREQUENCY: Hz = 880;
export const BEEP_DURATION: Seconds = 0.05;
/**
 * The first beat of a bar (issue 22 item 2): the Beep an octave higher — the same sine, so it
 * reads as the same metronome, but unmistakable — and louder; a drum sample, louder only.
 */
export const ACCENT_FREQUENCY: Hz = 1760;
/**
 * Compound time's quavers between beats: the Beep quieter and shorter. They click because a
 * 6/8 bar of two bare beats sounds exactly like 2/4: the soft quavers give the jig its
 * lilt, while staying quiet enough that the dotted-crotchet pulse leads (issue 22 item 2).
 */
export const SUB_DURATION: Seconds = 0.03;
/** Peak level of each click before the output gain: accent > beat > quaver. */
export const clickLevels: Readonly<Record<ClickKind, number>> = { accent: 1, beat: 0.7, sub: 0.3 };
/** Spec §9 'Haptic vibration: 50 ms'. */
export const VIBRATION_MS = 50;
/** Spec §9 'iOS substitute for haptics: 80 Hz tone, 30 ms' (iOS has no Vibration API). */
export const HAPTIC_TONE_FREQUENCY: Hz = 80;
export const HAPTIC_TONE_DURATION: Seconds = 0.03;

/** Spec §7 'Static assets': GET /sounds/{name}.wav, then decode. */
export const sampleNames = { 'Snare Drum': 'snare_drum', 'Bass Drum': 'bass_drum' } as const;
export const sampleUrl = (name: string) => `/sounds/${name}.wav`;

/** Spec §5 'Inputs': the BPM is clamped to 60–240 (and rounded: the display shows integers). */
export function clampBpm(bpm: number): Bpm {
  if (Number.isNaN(bpm)) return DEFAULT_BPM;
  return Math.min(MAX_BPM, Math.max(MIN_BPM, Math.round(bpm)));
}

/**
 * The parts of Web Audio the metronome uses; a real AudioContext satisfies them. The sample
 * rate (beats are placed on whole frames, see onSampleGrid) and output latency are used
 * where the browser reports them.
 */
export type MetronomeContextLike = Pick<
  AudioContextLike,
  | 'currentTime'
  | 'state'
  | 'destination'
  | 'createOscillator'
  | 'createGain'
  | 'resume'
  | 'createBufferSource'
  | 'decodeAudioData'
> &
  Partial<Pick<AudioContextLike, 'outputLatency' | 'sampleRate'>>;

// Were declared here before ADR 021; kept so branches that import them from here still build.
export type { AudioBufferLike, BufferSourceLike } from './webAudio.ts';

/**
 * The beat time moved onto the nearest whole frame (bench:metronome's 0-sample target):
 * a start time a hair past a frame boundary, from floating-point beat arithmetic, makes the
 * browser start on the next frame, one sample late. Just under the boundary, it starts on it.
 */
export function onSampleGrid(time: number, sampleRate: number | undefined): number {
  if (!sampleRate) return time;
  return Math.max(0, (Math.round(time * sampleRate) - 1e-6) / sampleRate);
}

export type FetchLike = (url: string) => Promise<{
  readonly ok: boolean;
  readonly status: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}>;

export interface MetronomeOptions {
  /** The shared context, fetched on start() (a click, so the browser lets audio begin). */
  getContext: () => MetronomeContextLike;
  fetch: FetchLike;
  timers: Timers;
  /** navigator.vibrate where it exists; without it haptics use the iOS substitute tone. */
  vibrate?: ((ms: number) => boolean) | undefined;
  view?: MetronomeView;
  sound?: MetronomeSound;
  haptics?: boolean;
  bpm?: Bpm;
  /** Bars and their accent (issue 22 item 2); default 4/4. */
  timeSignature?: TimeSignature;
  /** Output gain; an ordinary beat peaks at gain × clickLevels.beat. */
  gain?: number;
}

export interface MetronomeSnapshot {
  readonly running: boolean;
  /** True while a drum sample is being fetched and decoded before the first beat. */
  readonly loading: boolean;
  readonly bpm: Bpm;
  readonly view: MetronomeView;
  readonly sound: MetronomeSound;
  readonly haptics: boolean;
  readonly timeSignature: TimeSignature;
  /** Beats in a bar: dotted crotchets in compound time (6/8 has 2). */
  readonly beatsPerBar: number;
  /**
   * The last beat heard, counted from 1 at Start (0 before the first); the view animates on
   * each change. Compound time's quavers are not beats: the view moves with the pulse.
   */
  readonly beat: number;
  /** Where that beat falls in its bar, from 1 (the accent); 0 before the first. */
  readonly beatInBar: number;
  /** Seconds per beat at the last beat heard: the view's swing takes this long. */
  readonly beatSeconds: Seconds;
  readonly error: string | null;
}

export interface MetronomeEngine {
  start(): void;
  stop(): void;
  setBpm(bpm: number): void;
  /** Spec §4: changing view, sound or haptics stops the metronome. */
  setView(view: MetronomeView): void;
  setSound(sound: MetronomeSound): void;
  setHaptics(on: boolean): void;
  /** Stops too, like the spec's menus: the next Start begins on the first beat of a bar. */
  setTimeSignature(timeSignature: TimeSignature): void;
  /** Publishes beats whose time the audio clock has reached (call from animation frames). */
  poll(): void;
  getSnapshot(): MetronomeSnapshot;
  subscribe(listener: () => void): () => void;
  /** Stops and disconnects its nodes; the shared context stays open for other screens. */
  dispose(): void;
}

/** A short start fade: an instant sine start is heard as a click of its own. */
const ATTACK: Seconds = 0.002;
/** The first beat is set this far ahead so the graph is built before it must sound. */
const START_DELAY: Seconds = 0.05;

export function createMetronomeEngine(options: MetronomeOptions): MetronomeEngine {
  // 0.85 × 0.7: an ordinary beat peaks at about 0.6, its level before accents existed.
  const { getContext, fetch, timers, vibrate, gain = 0.85 } = options;
  const timeSignature = asTimeSignature(options.timeSignature);
  let snapshot: MetronomeSnapshot = {
    running: false,
    loading: false,
    bpm: clampBpm(options.bpm ?? DEFAULT_BPM),
    view: options.view ?? 'Pendulum',
    sound: options.sound ?? 'Beep',
    haptics: options.haptics ?? false,
    timeSignature,
    beatsPerBar: meterOf(timeSignature).beatsPerBar,
    beat: 0,
    beatInBar: 0,
    beatSeconds: secondsPerBeat(clampBpm(options.bpm ?? DEFAULT_BPM)),
    error: null,
  };
  const listeners = new Set<() => void>();
  let context: MetronomeContextLike | null = null;
  let output: GainLike | null = null;
  let scheduler: LookAheadScheduler | null = null;
  /** Clicks in the audio graph not yet reached by the clock, in time order. */
  let pending: { readonly time: Seconds; readonly kind: ClickKind; readonly beat: number }[] = [];
  const meter = () => meterOf(snapshot.timeSignature);
  const samples = new Map<string, Promise<AudioBufferLike>>();
  const voices = new Set<NodeLike>();
  /** Bumped on every start and stop so a sample load that finishes late starts nothing. */
  let generation = 0;

  function update(patch: Partial<MetronomeSnapshot>) {
    snapshot = { ...snapshot, ...patch };
    listeners.forEach((l) => l());
  }

  function loadSample(ctx: MetronomeContextLike, name: string): Promise<AudioBufferLike> {
    let p = samples.get(name);
    if (!p) {
      p = fetch(sampleUrl(name))
        .then((res) => {
          if (!res.ok) throw new Error(`GET ${sampleUrl(name)} answered ${res.status}`);
          return res.arrayBuffer();
        })
        .then((data) => ctx.decodeAudioData(data));
      // A failed load is retried on the next start rather than cached.
      p.catch(() => samples.delete(name));
      samples.set(name, p);
    }
    return p;
  }

  /** Keeps a voice's nodes until its source ends, then disconnects them all. */
  function keep(source: NodeLike & Pick<OscillatorLike, 'onended'>, ...others: NodeLike[]) {
    const nodes = [source, ...others];
    nodes.forEach((n) => voices.add(n));
    source.onended = () =>
      nodes.forEach((n) => {
        n.disconnect();
        voices.delete(n);
      });
  }

  function tone(
    ctx: MetronomeContextLike,
    out: NodeLike,
    at: Seconds,
    hz: Hz,
    dur: Seconds,
    level = 1,
  ) {
    const osc = ctx.createOscillator();
    const amp = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.setValueAtTime(hz, at);
    amp.gain.setValueAtTime(0, at);
    amp.gain.linearRampToValueAtTime(level, at + ATTACK);
    amp.gain.setValueAtTime(level, at + dur * 0.6);
    amp.gain.linearRampToValueAtTime(0, at + dur);
    osc.connect(amp);
    amp.connect(out);
    osc.start(at);
    osc.stop(at + dur);
    keep(osc, amp);
  }

  function play(
    ctx: MetronomeContextLike,
    out: NodeLike,
    at: Seconds,
    sample: AudioBufferLike | null,
    kind: ClickKind,
  ) {
    const level = clickLevels[kind];
    if (snapshot.sound === 'Beep') {
      const hz = kind === 'accent' ? ACCENT_FREQUENCY : BEEP_FREQUENCY;
      tone(ctx, out, at, hz, kind === 'sub' ? SUB_DURATION : BEEP_DURATION, level);
    } else if (sample) {
      const src = ctx.createBufferSource();
      const amp = ctx.createGain();
      src.buffer = sample;
      amp.gain.setValueAtTime(level, at);
      src.connect(amp);
      amp.connect(out);
      src.start(at);
      keep(src, amp);
    }
    // Haptics mark the beats, not compound time's quavers.
    if (kind !== 'sub' && snapshot.haptics && !vibrate) {
      tone(ctx, out, at, HAPTIC_TONE_FREQUENCY, HAPTIC_TONE_DURATION);
    }
  }

  function poll() {
    if (!context || pending.length === 0) return;
    // currentTime is when the graph renders; the speaker plays it outputLatency later.
    const now = context.currentTime - (context.outputLatency ?? 0);
    let beat: number | null = null;
    while (pending.length > 0 && pending[0]!.time <= now) {
      const click = pending.shift()!;
      if (click.kind !== 'sub') beat = click.beat;
    }
    if (beat === null) return;
    // navigator.vibrate cannot be scheduled ahead, so it fires when the beat is reached.
    if (snapshot.haptics && vibrate) vibrate(VIBRATION_MS);
    update({
      beat: beat + 1,
      beatInBar: (beat % snapshot.beatsPerBar) + 1,
      beatSeconds: secondsPerBeat(snapshot.bpm),
    });
  }

  function begin(ctx: MetronomeContextLike, sample: AudioBufferLike | null) {
    if (!output) {
      output = ctx.createGain();
      output.connect(ctx.destination);
    }
    output.gain.setValueAtTime(gain, ctx.currentTime);
    const out = output;
    const m = meter();
    // The scheduler's 'beats' are clicks: quavers in compound time, three to a dotted
    // crotchet, all on one grid from one anchor, so the pulse keeps its sample accuracy.
    scheduler = createLookAheadScheduler({
      now: () => ctx.currentTime,
      timers,
      bpm: clicksPerMinute(snapshot.bpm, m),
      onBeat: (clickTime, index) => {
        const time = onSampleGrid(clickTime, ctx.sampleRate);
        const { kind, beat } = clickAt(index, m);
        play(ctx, out, time, sample, kind);
        pending.push({ time, kind, beat });
      },
      onTick: poll,
    });
    scheduler.start(ctx.currentTime + START_DELAY);
    update({ loading: false });
  }

  function stop() {
    generation++;
    scheduler?.dispose();
    scheduler = null;
    pending = [];
    // Beats already queued in the graph would still sound: silence them now.
    for (const v of [...voices]) {
      const node = v as Partial<BufferSourceLike>;
      try {
        node.stop?.();
      } catch {
        // A source that never started cannot be stopped; disconnecting is enough.
      }
      v.disconnect();
      voices.delete(v);
    }
    if (snapshot.running || snapshot.loading) update({ running: false, loading: false });
  }

  function start() {
    stop();
    const ctx = (context ??= getContext());
    if (ctx.state === 'suspended') void ctx.resume();
    const run = ++generation;
    update({ running: true, loading: false, beat: 0, beatInBar: 0, error: null });
    const name =
      snapshot.sound === 'Snare Drum' || snapshot.sound === 'Bass Drum'
        ? sampleNames[snapshot.sound]
        : null;
    if (!name) {
      begin(ctx, null);
      return;
    }
    update({ loading: true });
    loadSample(ctx, name).then(
      (buffer) => {
        if (run === generation) begin(ctx, buffer);
      },
      () => {
        if (run !== generation) return;
        stop();
        update({ error: `Could not load the ${snapshot.sound.toLowerCase()} sound.` });
      },
    );
  }

  /** Spec §4 'Changing view, sound or haptics stops it'; the time signature does too. */
  function change(
    patch: Partial<Pick<MetronomeSnapshot, 'view' | 'sound' | 'haptics' | 'timeSignature'>>,
  ) {
    const changed = (Object.keys(patch) as Array<keyof typeof patch>).some(
      (k) => patch[k] !== snapshot[k],
    );
    if (!changed) return;
    stop();
    const beatsPerBar = meterOf(patch.timeSignature ?? snapshot.timeSignature).beatsPerBar;
    update({ ...patch, beatsPerBar, beatInBar: 0, error: null });
  }

  return {
    start,
    stop,
    setBpm(bpm) {
      const next = clampBpm(bpm);
      if (next === snapshot.bpm) return;
      scheduler?.setBpm(clicksPerMinute(next, meter()));
      update({ bpm: next, beatSeconds: secondsPerBeat(next) });
    },
    setView: (view) => change({ view }),
    setSound: (sound) => change({ sound }),
    setHaptics: (haptics) => change({ haptics }),
    setTimeSignature: (ts) => change({ timeSignature: asTimeSignature(ts) }),
    poll,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      stop();
      output?.disconnect();
      output = null;
      context = null;
    },
  };
}
