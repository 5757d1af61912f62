/**
 * Turns a stream of pitch estimates into chanter notes with the detection settings of spec §3:
 * an estimate below the clarity threshold is silence, a note (or silence) is reported once
 * `requiredConsecutiveMatches` estimates in a row agree, and the last `maxHistory` notes played
 * are kept for screens that show a history strip.
 */
import {
  DEFAULT_DETECTION_SETTINGS,
  centsBetween,
  classify,
  type Chanter,
  type Classification,
  type DetectionSettings,
} from '../../music/chanter.ts';
import type { Hz, Seconds } from '../../music/units.ts';
import type { PitchEstimate } from './pitchDetector.ts';

export interface TrackedNote extends Classification {
  /**
   * Median of the note's last HZ_SMOOTHING estimates (64 ms at 48 kHz): steadier for a
   * tuner needle than single 2.7 ms estimates, robust to the first estimates after a change
   * (their windows still hold the previous note), and no slower to name a new note, since
   * it restarts at every note. `cents` is measured from it.
   */
  readonly hz: Hz;
  readonly clarity: number;
  /** When the note was confirmed. */
  readonly since: Seconds;
}

export interface TrackerState {
  /** The note being played, or null for silence / unrecognised sound. */
  readonly note: TrackedNote | null;
  /** Most recent notes first, at most `maxHistory`; repeated notes count once per onset. */
  readonly history: readonly TrackedNote[];
}

/**
 * Estimates of the current note whose median is reported as its Hz. 24 × 128 samples is
 * about as much signal as pitchy's 2048-sample window sees, so the Hz is as steady, while
 * notes still change within one 512-sample window (bench/pitch.bench.ts: median 8 gave
 * 0.77 cents mean error at 10 dB SNR, 24 gives 0.59).
 */
export const HZ_SMOOTHING = 24;

export class NoteTracker {
  private readonly recentHz: number[] = [];
  private readonly sortScratch = new Float64Array(HZ_SMOOTHING);
  private candidate: Classification | null = null;
  private matches = 0;
  private state: TrackerState = { note: null, history: [] };

  constructor(
    private chanter: Chanter,
    private settings: DetectionSettings = DEFAULT_DETECTION_SETTINGS,
  ) {}

  get snapshot(): TrackerState {
    return this.state;
  }

  setChanter(chanter: Chanter): void {
    this.chanter = chanter;
    this.reset();
  }

  setSettings(settings: DetectionSettings): void {
    this.settings = settings;
  }

  /** Feed one estimate taken at `time`; returns the (possibly unchanged) state. */
  push(estimate: PitchEstimate, time: Seconds): TrackerState {
    const { clarityThreshold, toleranceAdjustment, requiredConsecutiveMatches } = this.settings;
    const heard =
      estimate.hz > 0 && estimate.clarity >= clarityThreshold
        ? classify(estimate.hz, this.chanter, toleranceAdjustment)
        : null;
    if (heard?.pitch === this.candidate?.pitch) this.matches++;
    else {
      this.candidate = heard;
      this.matches = 1;
    }
    const current = this.state.note;
    if (this.matches < Math.max(1, requiredConsecutiveMatches)) return this.state;
    if (!heard) {
      if (current) this.state = { ...this.state, note: null };
      return this.state;
    }
    const sameNote = current?.pitch === heard.pitch;
    const hz = this.smoothed(estimate.hz, sameNote);
    const note: TrackedNote = {
      ...heard,
      cents: centsBetween(hz, heard.target),
      hz,
      clarity: estimate.clarity,
      since: sameNote ? current.since : time,
    };
    const history = sameNote
      ? this.state.history
      : [note, ...this.state.history].slice(0, Math.max(0, this.settings.maxHistory));
    this.state = { note, history };
    return this.state;
  }

  private smoothed(hz: Hz, sameNote: boolean): Hz {
    const recent = this.recentHz;
    if (!sameNote) recent.length = 0;
    recent.push(hz);
    if (recent.length > HZ_SMOOTHING) recent.shift();
    // Typed arrays sort numerically without a comparator and without allocating.
    const sorted = this.sortScratch.subarray(0, recent.length);
    sorted.set(recent);
    sorted.sort();
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  }

  reset(): void {
    this.recentHz.length = 0;
    this.candidate = null;
    this.matches = 0;
    this.state = { note: null, history: [] };
  }
}
