/**
 * The labelled benchmark signal of issue 4 item 4: recorded bagpipe samples, moved to chanter
 * pitch and detuned, played as a legato tune (a chanter never stops between notes), then
 * mixed with white noise and with the app's drones leaking through a simulated room.
 * Pure: the caller loads the corpus (Node fs in the bench, skipped in unit tests when absent).
 */
import { shiftCents, type Chanter } from '../../../music/chanter.ts';
import { pitches, type Pitch } from '../../../music/notes.ts';
import type { Cents, Hz } from '../../../music/units.ts';
import { DroneVoice } from '../../drones/droneVoice.ts';
import { atDecibelsBelow, mix, rms, seededRandom, whiteNoise } from '../testSignals.ts';
import { readAt } from './resample.ts';

export interface CorpusSample {
  readonly name: string;
  /** Measured fundamental of the recording. */
  readonly hz: Hz;
  readonly sampleRate: number;
  readonly samples: Float32Array;
}

export interface Segment {
  readonly pitch: Pitch;
  readonly hz: Hz;
  /** Seconds from the start of the signal. */
  readonly start: number;
  readonly end: number;
}

export interface LabelledSignal {
  readonly sampleRate: number;
  /** The chanter alone (what the microphone would hear in a quiet room without drones). */
  readonly chanter: Float32Array;
  readonly segments: readonly Segment[];
}

/** Skip the recording's attack: the benchmark's onsets are the transitions we make. */
const SAMPLE_OFFSET_SECONDS = 0.15;
const CROSSFADE_SECONDS = 0.002;

/** Scale runs, the octave jump, F↔High G and wide leaps: the transitions pipers play. */
export const TUNE: readonly number[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 8, 1, 6, 7, 6, 7, 0, 8, 2, 5, 3, 4, 0,
];

/** The corpus recording nearest in pitch (fewest cents to shift), read at `hz`. */
export function chanterNote(
  corpus: readonly CorpusSample[],
  hz: Hz,
  seconds: number,
  sampleRate: number,
): Float32Array {
  let best = corpus[0];
  for (const s of corpus) {
    if (best && Math.abs(Math.log(hz / s.hz)) < Math.abs(Math.log(hz / best.hz))) best = s;
  }
  if (!best) throw new Error('No corpus samples.');
  const step = (hz / best.hz) * (best.sampleRate / sampleRate);
  const length = Math.round(seconds * sampleRate);
  const note = readAt(best.samples, SAMPLE_OFFSET_SECONDS * best.sampleRate, step, length);
  // Chanter notes are about equally loud; the recordings are not.
  const level = rms(note);
  return level > 0 ? note.map((v) => (v * 0.2) / level) : note;
}

export interface TuneOptions {
  readonly sampleRate: number;
  readonly chanter: Chanter;
  readonly detunes: readonly Cents[];
  /** Silence before the first note: the drone canceller learns the room meanwhile. */
  readonly leadIn: number;
  readonly minNote: number;
  readonly maxNote: number;
  readonly seed: number;
  readonly tune?: readonly number[];
}

/** The tune once per detuning, notes of random length, joined by 2 ms crossfades. */
export function buildTune(corpus: readonly CorpusSample[], options: TuneOptions): LabelledSignal {
  const { sampleRate, chanter, detunes, leadIn, minNote, maxNote } = options;
  const random = seededRandom(options.seed);
  const fade = Math.round(CROSSFADE_SECONDS * sampleRate);
  const plan: { pitch: Pitch; hz: Hz; length: number }[] = [];
  for (const detune of detunes) {
    for (const index of options.tune ?? TUNE) {
      const seconds = minNote + random() * (maxNote - minNote);
      plan.push({
        pitch: pitches[index]!,
        hz: shiftCents(chanter.frequencies[index]!, detune),
        length: Math.round(seconds * sampleRate),
      });
    }
  }
  const lead = Math.round(leadIn * sampleRate);
  const total = lead + plan.reduce((sum, p) => sum + p.length, 0) + fade;
  const out = new Float32Array(total);
  const segments: Segment[] = [];
  let at = lead;
  for (const p of plan) {
    const note = chanterNote(corpus, p.hz, (p.length + fade) / sampleRate, sampleRate);
    for (let i = 0; i < note.length && at + i < total; i++) {
      // Linear fade in over the previous note's fade out; the first note fades in too.
      const gainIn = i < fade ? i / fade : 1;
      const gainOut = i >= p.length ? 1 - (i - p.length) / fade : 1;
      out[at + i]! += note[i]! * Math.min(gainIn, gainOut);
    }
    const middle = fade / 2;
    segments.push({
      pitch: p.pitch,
      hz: p.hz,
      start: (at + middle) / sampleRate,
      end: (at + p.length + middle) / sampleRate,
    });
    at += p.length;
  }
  return { sampleRate, chanter: out, segments };
}

export interface Conditions {
  /** Signal-to-noise ratio of the chanter against white noise; null = no noise. */
  readonly snrDb: number | null;
  /** Drone leak level against the chanter (e.g. -6); null = drones off. */
  readonly droneDb: number | null;
  readonly seed: number;
}

/**
 * The simulated room of the drone leak: 37 ms of latency (far longer than one drone period,
 * which a time-domain canceller could not span), a reflection 11 ms later at half level,
 * and a one-pole low-pass for the speaker and the distance.
 */
export function roomLeak(drone: Float32Array, sampleRate: number): Float32Array {
  const delay = Math.round(0.037 * sampleRate);
  const echo = delay + Math.round(0.011 * sampleRate);
  const out = new Float32Array(drone.length);
  let lowPass = 0;
  for (let i = 0; i < drone.length; i++) {
    const x = (drone[i - delay] ?? 0) + 0.5 * (drone[i - echo] ?? 0);
    lowPass += 0.35 * (x - lowPass);
    out[i] = lowPass;
  }
  return out;
}

/** The microphone signal for one benchmark row; drones at the chanter's Low A / 4. */
export function microphone(
  signal: LabelledSignal,
  chanter: Chanter,
  conditions: Conditions,
): Float32Array {
  const { sampleRate } = signal;
  const played = signal.chanter.subarray(Math.floor(signal.segments[0]!.start * sampleRate));
  let mic = signal.chanter;
  if (conditions.droneDb !== null) {
    const drone = new DroneVoice({ sampleRate, lowA: chanter.frequencies[1]! });
    const leak = roomLeak(drone.render(new Float32Array(mic.length)), sampleRate);
    mic = mix(mic, atDecibelsBelow(played, leak, -conditions.droneDb));
  }
  if (conditions.snrDb !== null) {
    const noise = whiteNoise(mic.length, 1, conditions.seed);
    mic = mix(mic, atDecibelsBelow(played, noise, conditions.snrDb));
  }
  return mic;
}
