/**
 * A synthesized Highland chanter (issue 4 item 9 'a realistic chanter voice option'; issue 6
 * 'Playback: chanter voice'). No React (DESIGN habit 1); the context and the output node are
 * parameters (habit 2) so tests pass a fake and callers route it through their own gain/mixer.
 *
 * How a chanter behaves, and what this voice copies:
 *  - It never stops between notes: the bag keeps the reed sounding, so one oscillator plays a
 *    whole tune and a note change is a pitch change on it, not a new note (no gaps, no clicks).
 *  - Grace notes are just very fast pitch changes (25–60 ms, see music/tune/graceTiming.ts);
 *    setValueAtTime on an oscillator's frequency keeps its phase, so they stay click-free.
 *  - The sound is reedy and bright: a double reed gives every harmonic, the fundamental is
 *    weaker than the 2nd and 3rd, and energy stays high up to ~4 kHz before falling off
 *    (spectra of pipe and practice chanters, e.g. Guillemain et al., 'Digital synthesis of
 *    the Highland bagpipe chanter', and the corpus recordings under ../shared/corpus/audio/).
 *    It is a one-period PeriodicWave, which Web Audio band-limits for each pitch itself.
 *  - It speaks with a short attack (the reed 'striking in') and stops with a short release.
 */
import type { Hz, Seconds } from '../../music/units.ts';
import type { AudioContextLike, NodeLike, PeriodicWaveLike } from '../webAudio.ts';

/** The parts of Web Audio the voice uses; a real AudioContext satisfies them. */
export type ChanterContextLike = Pick<
  AudioContextLike,
  'currentTime' | 'createOscillator' | 'createGain' | 'createPeriodicWave'
>;

export interface ChanterVoiceOptions {
  /** Peak level; 0.3 leaves room for drones mixed on the same output. */
  gain?: number;
}

export interface ChanterVoice {
  /** The voice sounds `hz` from `when` on (audio clock); call as often as notes change. */
  setPitch(hz: Hz, when: Seconds): void;
  /** Starts sounding at `when`; a voice starts once (it is one oscillator). */
  start(when: Seconds): void;
  /** Fades out over RELEASE from `when`, then frees its nodes. Later calls move the stop. */
  stop(when: Seconds): void;
}

/** The reed striking in: long enough not to click, short enough to sound like a chanter. */
export const ATTACK: Seconds = 0.012;
export const RELEASE: Seconds = 0.03;
export const DEFAULT_GAIN = 0.3;

/** Number of harmonics in the wave; the browser drops those above Nyquist for high notes. */
const PARTIALS = 28;

/**
 * Relative level of harmonic k: a weak-ish fundamental, strong 2nd–5th, a broad bump around
 * the 5th–7th (≈ 3–4 kHz for mid-chanter notes, the 'buzz' of the reed) and a gentle fall.
 */
export function chanterPartialLevel(k: number): number {
  if (k < 1) return 0;
  const body = k === 1 ? 0.55 : 1 / (k - 1) ** 0.55;
  const formant = 0.6 * Math.exp(-(((k - 6) / 2.5) ** 2));
  return body + formant;
}

/** Fourier coefficients of one period of the chanter wave (index 0 is DC, kept at 0). */
export function chanterWaveCoefficients(partials = PARTIALS): {
  real: Float32Array<ArrayBuffer>;
  imag: Float32Array<ArrayBuffer>;
} {
  const real = new Float32Array(partials + 1);
  const imag = new Float32Array(partials + 1);
  for (let k = 1; k <= partials; k++) {
    // Fixed spread phases: a reed's pressure wave is not a sawtooth spike; this keeps the
    // crest factor low so the voice can be loud without clipping.
    const phase = (k * k * 0.37) % 1;
    const level = chanterPartialLevel(k);
    real[k] = level * Math.cos(2 * Math.PI * phase);
    imag[k] = level * Math.sin(2 * Math.PI * phase);
  }
  return { real, imag };
}

const waves = new WeakMap<ChanterContextLike, PeriodicWaveLike>();

/** One PeriodicWave per context: building it costs an FFT, so it is shared by every voice. */
function chanterWave(ctx: ChanterContextLike): PeriodicWaveLike {
  let wave = waves.get(ctx);
  if (!wave) {
    const { real, imag } = chanterWaveCoefficients();
    wave = ctx.createPeriodicWave(real, imag);
    waves.set(ctx, wave);
  }
  return wave;
}

export function createChanterVoice(
  ctx: ChanterContextLike,
  destination: NodeLike,
  options: ChanterVoiceOptions = {},
): ChanterVoice {
  const gain = options.gain ?? DEFAULT_GAIN;
  const osc = ctx.createOscillator();
  osc.setPeriodicWave(chanterWave(ctx));
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(0, ctx.currentTime);
  osc.connect(amp);
  amp.connect(destination);
  let started = false;
  let released = false;
  osc.onended = () => {
    if (released) return;
    released = true;
    osc.onended = null;
    osc.disconnect();
    amp.disconnect();
  };

  return {
    setPitch(hz, when) {
      if (!(hz > 0)) throw new RangeError('pitch must be positive');
      osc.frequency.setValueAtTime(hz, Math.max(0, when));
    },
    start(when) {
      if (started) return;
      started = true;
      const t = Math.max(0, when);
      amp.gain.setValueAtTime(0, t);
      amp.gain.linearRampToValueAtTime(gain, t + ATTACK);
      osc.start(t);
    },
    stop(when) {
      if (released) return;
      const t = Math.max(0, when);
      if (!started) {
        // Never sounded: free the nodes now rather than waiting for an end that never comes.
        osc.onended?.call(undefined as never, new Event('ended'));
        return;
      }
      amp.gain.cancelScheduledValues(t);
      amp.gain.setValueAtTime(gain, t);
      amp.gain.linearRampToValueAtTime(0, t + RELEASE);
      osc.stop(t + RELEASE);
    },
  };
}

export interface ChanterNote {
  /** Stops the note at `at` (default: the context's current time). */
  stop(at?: Seconds): void;
}

/**
 * One chanter note, for screens that play a single reference pitch (practice tools, games).
 * `durationSeconds` null keeps it sounding until stop() is called.
 */
export function playChanterNote(
  ctx: ChanterContextLike,
  destination: NodeLike,
  hz: Hz,
  when: Seconds,
  durationSeconds: Seconds | null,
  gain: number = DEFAULT_GAIN,
): ChanterNote {
  const voice = createChanterVoice(ctx, destination, { gain });
  voice.setPitch(hz, when);
  voice.start(when);
  if (durationSeconds !== null) {
    if (!(durationSeconds > 0)) throw new RangeError('duration must be positive');
    // The release ends at the note's end, so back-to-back notes do not overlap audibly.
    voice.stop(when + Math.max(durationSeconds - RELEASE, ATTACK));
  }
  return { stop: (at) => voice.stop(at ?? ctx.currentTime) };
}
