/**
 * The whole listening path on raw samples: (optional) drone cancellation → pitch estimates
 * every 128 samples → chanter notes. Pure and allocation-light, so the AudioWorklet wrapper
 * only has to call `process()` with each render quantum and post the frames it gets back.
 */
import {
  DEFAULT_DETECTION_SETTINGS,
  type Chanter,
  type DetectionSettings,
} from '../../music/chanter.ts';
import type { Hz, Seconds } from '../../music/units.ts';
import { DroneCanceller } from '../drones/droneCanceller.ts';
import { PipesDroneCanceller } from '../drones/pipesDroneCanceller.ts';
import { PitchDetector, type PitchEstimate } from './pitchDetector.ts';
import { PitchStream } from './pitchStream.ts';
import { NoteTracker, type TrackerState } from './noteTracker.ts';

export interface ListenerFrame {
  /** Time of the end of the analysed window, from the first sample pushed. */
  readonly time: Seconds;
  readonly estimate: PitchEstimate;
  readonly state: TrackerState;
}

export interface ListenerOptions {
  readonly sampleRate: number;
  readonly chanter: Chanter;
  readonly settings?: DetectionSettings;
  /** The app's drones are sounding at this bass frequency (chanter Low A / 4); null = off. */
  readonly droneHz?: Hz | null;
  /**
   * 'Pipes' input (issue 14 item 5): real drones sound with the chanter; their pitch is
   * followed in the input and they are removed. Ignored while the app's drones play.
   */
  readonly pipes?: boolean;
}

/**
 * The drone canceller learns only while the (cancelled) input has no clear pitch in the
 * chanter's range. Drones alone, even uncancelled, measure below ~0.35 there (the bass and
 * tenor periods are outside the searched lags), while a chanter note measures 0.8–1.
 */
const LEARN_BELOW_CLARITY = 0.5;
/**
 * …and only after this long without one: the gaps between legato notes (a few ms of low
 * clarity at each crossing) must not teach the canceller bits of the chanter.
 */
const LEARN_AFTER_SECONDS = 0.5;
const BLOCK = 128;

/**
 * The detector's default range (380–1100 Hz) covers every plausible chanter; a calibrated
 * chanter pitched outside it widens the range to stay 10% (165 cents) beyond its Low G and
 * High A, more than half the way to a note beyond either end. A "chanter" entirely below
 * 380 Hz is the tuner's drone mode (src/music/tunerReference.ts: bass and tenor drones, two
 * and one octave below Low A): its range stops 10% above its top note, so a drone's own
 * harmonics, which the chanter range would take for notes, are out of reach.
 */
export function searchRange(chanter: Chanter): { minHz: Hz; maxHz: Hz } {
  const low = chanter.frequencies[0] ?? 380;
  const high = chanter.frequencies[chanter.frequencies.length - 1] ?? 1100;
  if (high * 1.1 < 380) return { minHz: low / 1.1, maxHz: high * 1.1 };
  return { minHz: Math.min(380, low / 1.1), maxHz: Math.max(1100, high * 1.1) };
}

/**
 * Samples per analysis window: 512 (issue 4's target) for chanter notes; a low range (the
 * drones, ~110 Hz) needs about two and a half periods of its lowest pitch, so the window
 * grows to the next power of two (2048 at 48 kHz), still one estimate every 128 samples.
 */
export function windowSizeFor(minHz: Hz, sampleRate: number): number {
  let size = 512;
  while (size < 2.5 * (sampleRate / minHz)) size *= 2;
  return size;
}

export class ChanterListener {
  readonly tracker: NoteTracker;
  /** Samples per analysis window (windowSizeFor): the detector's delay depends on it. */
  readonly windowSize: number;
  private readonly stream: PitchStream;
  private readonly sampleRate: number;
  private settings: DetectionSettings;
  private canceller: DroneCanceller | null = null;
  private pipesCanceller: PipesDroneCanceller | null = null;
  private readonly expectedBassHz: Hz;
  private readonly scratch = new Float32Array(BLOCK);
  /** Samples since the last clear pitch; learning resumes past LEARN_AFTER_SECONDS. */
  private sinceClear = Infinity;
  private readonly learnAfter: number;
  private frameListener: (frame: ListenerFrame) => void = () => {};
  private readonly onEstimate = (estimate: PitchEstimate, endSample: number) => {
    const time = endSample / this.sampleRate;
    if (estimate.clarity >= LEARN_BELOW_CLARITY) this.sinceClear = 0;
    this.frameListener({ time, estimate, state: this.tracker.push(estimate, time) });
  };

  constructor(options: ListenerOptions) {
    this.sampleRate = options.sampleRate;
    this.settings = options.settings ?? DEFAULT_DETECTION_SETTINGS;
    this.tracker = new NoteTracker(options.chanter, this.settings);
    this.learnAfter = LEARN_AFTER_SECONDS * options.sampleRate;
    const range = searchRange(options.chanter);
    this.windowSize = windowSizeFor(range.minHz, options.sampleRate);
    this.stream = new PitchStream(
      new PitchDetector({
        sampleRate: options.sampleRate,
        ...range,
        windowSize: this.windowSize,
      }),
      BLOCK,
    );
    this.expectedBassHz = (options.chanter.frequencies[1] ?? 480) / 4;
    this.setDrones(options.droneHz ?? null);
    this.setPipes(options.pipes ?? false);
  }

  /** 'Pipes' or 'Chanter' input: follow and remove the pipes' own drones, or not. */
  setPipes(pipes: boolean): void {
    this.pipesCanceller = pipes
      ? new PipesDroneCanceller({
          sampleRate: this.sampleRate,
          expectedBassHz: this.expectedBassHz,
        })
      : null;
  }

  /** The pipes' bass drone as followed now (Hz), or null when not on 'Pipes'. */
  get pipesDroneHz(): Hz | null {
    return this.pipesCanceller?.droneHz ?? null;
  }

  /** Drones started, retuned or stopped: the canceller relearns the leak from scratch. */
  setDrones(droneHz: Hz | null): void {
    this.canceller = droneHz
      ? new DroneCanceller({ sampleRate: this.sampleRate, fundamental: droneHz })
      : null;
  }

  setSettings(settings: DetectionSettings): void {
    this.settings = settings;
    this.tracker.setSettings(settings);
  }

  /** Analyse the next samples; `onFrame` receives every estimate that became due. */
  process(input: Float32Array, onFrame: (frame: ListenerFrame) => void): void {
    this.frameListener = onFrame;
    if (!this.canceller && this.pipesCanceller) {
      const pipes = this.pipesCanceller;
      for (let at = 0; at < input.length; at += BLOCK) {
        const block = input.subarray(at, Math.min(input.length, at + BLOCK));
        const out = this.scratch.subarray(0, block.length);
        // The note the tracker holds now: partials on its harmonics stop adapting.
        pipes.setChanterNote(this.tracker.snapshot.note?.hz ?? null);
        pipes.process(block, out);
        this.stream.push(out, this.onEstimate, this.settings.gain);
      }
      return;
    }
    if (!this.canceller) {
      this.stream.push(input, this.onEstimate, this.settings.gain);
      return;
    }
    for (let at = 0; at < input.length; at += BLOCK) {
      const block = input.subarray(at, Math.min(input.length, at + BLOCK));
      const out = this.scratch.subarray(0, block.length);
      // Learn the leak only while nobody plays (see droneCanceller.ts 'The trap'). The gate
      // uses the previous estimate, so a note after silence may teach its first 128 samples.
      this.canceller.process(block, out, this.sinceClear >= this.learnAfter ? 1 : 0);
      this.sinceClear += block.length;
      this.stream.push(out, this.onEstimate, this.settings.gain);
    }
  }
}
