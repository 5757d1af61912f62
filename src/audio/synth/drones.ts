/**
 * The app's drones through Web Audio: a bass two octaves below the chanter's Low A and two
 * tenors one octave below (spec §4 'Basic Notes', 'Tuner'; corpus README 'Facts about real
 * pipes'). Used by Basic Notes, Sheet Music, Flash Cards and the Tuner's drone mode.
 *
 * One OscillatorNode at the bass frequency with a PeriodicWave built from the same partials
 * as the pure DroneVoice (droneSpectrum): the tenors sound exactly twice the bass, so the
 * whole drone sound is one periodic waveform whose partials are all multiples of the bass.
 * That is what the listening engine's drone canceller models (droneCanceller.ts), so a screen
 * that plays these drones while listening tells the engine `bassHz` and the chanter is still
 * heard. No React (DESIGN habit 1); the context and destination are parameters (habit 2).
 */
import type { Hz } from '../../music/units.ts';
import { droneSpectrum } from '../drones/droneVoice.ts';
import type {
  AudioContextLike,
  GainLike,
  NodeLike,
  OscillatorLike,
  PeriodicWaveLike,
} from '../webAudio.ts';

/** The parts of an AudioContext the drones use; a real AudioContext satisfies them. */
export type DroneContext = Pick<
  AudioContextLike,
  'currentTime' | 'sampleRate' | 'createOscillator' | 'createGain' | 'createPeriodicWave'
>;

export interface DronesOptions {
  /** The chanter's Low A: the bass sounds at lowA / 4, the tenors at lowA / 2. */
  readonly lowA: Hz;
  /** 0…1 output level. */
  readonly volume: number;
}

export interface Drones {
  /** Strikes in the drones with a gentle fade (no-op while playing). */
  start(when?: number): void;
  /** Fades the drones out and releases the oscillator (no-op while stopped). */
  stop(when?: number): void;
  setVolume(volume: number): void;
  /** Tell the listening engine this (useNoteInput's setDrones) so it cancels the drones. */
  readonly bassHz: Hz;
  readonly playing: boolean;
}

/** Seconds: drones swell in like a piper striking in, and die away rather than click. */
export const DRONE_FADE_IN = 0.8;
export const DRONE_FADE_OUT = 0.3;
/** Headroom: the normalised wave peaks at 1, and a chanter voice may sound on top. */
const MAX_GAIN = 0.5;
const VOLUME_RAMP = 0.05;

/** PeriodicWave coefficients for DroneVoice's spectrum (real = cos terms, imag = sin terms). */
export function droneWaveCoefficients(
  bassHz: Hz,
  sampleRate: number,
): { real: Float32Array<ArrayBuffer>; imag: Float32Array<ArrayBuffer> } {
  const partials = droneSpectrum(bassHz, { sampleRate });
  const size = (partials.at(-1)?.k ?? 1) + 1;
  const real = new Float32Array(size);
  const imag = new Float32Array(size);
  // A·sin(2π(kft + φ)) = A·sin(φ')·cos(2πkft) + A·cos(φ')·sin(2πkft), φ' = 2πφ.
  for (const { k, amplitude, phase } of partials) {
    real[k] = amplitude * Math.sin(2 * Math.PI * phase);
    imag[k] = amplitude * Math.cos(2 * Math.PI * phase);
  }
  return { real, imag };
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, Number.isFinite(v) ? v : 0));

export function createDrones(
  ctx: DroneContext,
  destination: NodeLike,
  options: DronesOptions,
): Drones {
  const bassHz = options.lowA / 4;
  let volume = clamp01(options.volume);
  let wave: PeriodicWaveLike | null = null;
  let voice: { osc: OscillatorLike; gain: GainLike } | null = null;

  const level = () => volume * MAX_GAIN;

  return {
    bassHz,
    get playing() {
      return voice !== null;
    },
    start(when) {
      if (voice) return;
      const at = Math.max(when ?? 0, ctx.currentTime);
      if (!wave) {
        const { real, imag } = droneWaveCoefficients(bassHz, ctx.sampleRate);
        wave = ctx.createPeriodicWave(real, imag);
      }
      const osc = ctx.createOscillator();
      osc.setPeriodicWave(wave);
      osc.frequency.value = bassHz;
      const gain = ctx.createGain();
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(level(), at + DRONE_FADE_IN);
      osc.connect(gain);
      gain.connect(destination);
      osc.start(at);
      voice = { osc, gain };
    },
    stop(when) {
      if (!voice) return;
      const { osc, gain } = voice;
      voice = null;
      const at = Math.max(when ?? 0, ctx.currentTime);
      gain.gain.cancelScheduledValues(at);
      gain.gain.setValueAtTime(gain.gain.value, at);
      gain.gain.linearRampToValueAtTime(0, at + DRONE_FADE_OUT);
      // Release the graph once silent (the audio clock says when, no timer needed).
      osc.onended = () => {
        osc.disconnect();
        gain.disconnect();
      };
      osc.stop(at + DRONE_FADE_OUT + 0.02);
    },
    setVolume(v) {
      volume = clamp01(v);
      if (!voice) return;
      const now = ctx.currentTime;
      const { gain } = voice;
      gain.gain.cancelScheduledValues(now);
      gain.gain.setValueAtTime(gain.gain.value, now);
      gain.gain.linearRampToValueAtTime(level(), now + VOLUME_RAMP);
    },
  };
}
