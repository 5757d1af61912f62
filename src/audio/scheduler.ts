/**
 * The look-ahead beat scheduler (spec §9 'Metronome scheduling: look-ahead 0.1 s, check every
 * 25 ms'; the pattern of Chris Wilson's 'A Tale of Two Clocks',
 * https://web.dev/articles/audio-scheduling). A coarse timer wakes every 25 ms and hands
 * every beat that falls within the next 0.1 s of the *audio* clock to `onBeat` with its exact
 * time, so Web Audio plays it sample-accurately however late the timer fires.
 *
 * Pure: the clock (`now`, in seconds) and the timers are parameters (DESIGN habit 3), so tests
 * drive it with fake time.
 */
import type { Bpm, Seconds } from '../music/units.ts';
import type { Timers } from './timers.ts';

// Were declared here before ADR 021; kept so branches that import them from here still build.
export type { Bpm } from '../music/units.ts';
export type { Timers as SchedulerTimers } from './timers.ts';

export interface LookAheadSchedulerOptions {
  /** The audio clock, in seconds (an AudioContext's currentTime). */
  now: () => Seconds;
  timers: Timers;
  bpm: Bpm;
  /** Called once per beat, ahead of time, with the audio time the beat must sound at. */
  onBeat: (time: Seconds, index: number) => void;
  /** Called after each check, with the audio time of the check. */
  onTick?: (now: Seconds) => void;
  lookAhead?: Seconds;
  /** Milliseconds between checks. */
  interval?: number;
}

export interface LookAheadScheduler {
  /** Starts beating; the first beat is at `at` (default: now). Restarts if running. */
  start(at?: Seconds): void;
  stop(): void;
  /** Applies from the next beat not yet handed out: beats already scheduled keep their time. */
  setBpm(bpm: Bpm): void;
  readonly running: boolean;
  readonly bpm: Bpm;
  dispose(): void;
}

/** Spec §9. */
export const LOOK_AHEAD: Seconds = 0.1;
export const CHECK_INTERVAL_MS = 25;

export const secondsPerBeat = (bpm: Bpm): Seconds => 60 / bpm;

export function createLookAheadScheduler({
  now,
  timers,
  bpm: initialBpm,
  onBeat,
  onTick,
  lookAhead = LOOK_AHEAD,
  interval = CHECK_INTERVAL_MS,
}: LookAheadSchedulerOptions): LookAheadScheduler {
  if (!(initialBpm > 0)) throw new RangeError('bpm must be positive');
  let bpm = initialBpm;
  let timer: unknown = null;
  /** Index of the next beat to hand out. */
  let index = 0;
  /**
   * The grid in force: beat `anchorIndex` is at `anchorTime`, then one every 60/bpm s. Times
   * are computed from the anchor rather than summed, so a long run does not drift by rounding.
   */
  let anchorTime: Seconds = 0;
  let anchorIndex = 0;

  const nextBeat = () => anchorTime + (index - anchorIndex) * secondsPerBeat(bpm);

  function tick() {
    const t = now();
    // A timer held back for long (a throttled background tab) would find beats in the past:
    // playing them all at once is worse than dropping them, so skip to the grid's present.
    while (nextBeat() < t - lookAhead) {
      index++;
    }
    while (nextBeat() < t + lookAhead) {
      onBeat(nextBeat(), index);
      index++;
    }
    onTick?.(t);
    timer = timers.setTimeout(tick, interval);
  }

  function stop() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  return {
    start(at) {
      stop();
      anchorTime = at ?? now();
      anchorIndex = 0;
      index = 0;
      tick();
    },
    stop,
    setBpm(next) {
      if (!(next > 0)) throw new RangeError('bpm must be positive');
      // Re-anchor on the next unscheduled beat: it comes one new interval after the last beat
      // handed out (beats already queued in the audio graph keep their time). A faster tempo
      // can put that moment in the past; the beat then sounds now rather than being dropped.
      if (index > 0) {
        const last = nextBeat() - secondsPerBeat(bpm);
        anchorTime = Math.max(last + secondsPerBeat(next), now());
        anchorIndex = index;
      }
      bpm = next;
    },
    get running() {
      return timer !== null;
    },
    get bpm() {
      return bpm;
    },
    dispose: stop,
  };
}
