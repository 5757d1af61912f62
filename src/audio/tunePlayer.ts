/**
 * Plays a tune's performance (music/tune/performance.ts) with the chanter voice, optional
 * drones and a one-bar count-in (issue 6 'Playback'). No React (DESIGN habit 1); the context,
 * output, timers and drone factory are parameters (habit 2); React reads `getSnapshot`
 * (habit 5).
 *
 * Timing follows ADR 010: a coarse timer (25 ms) schedules every event that falls within the
 * next LOOK_AHEAD seconds of the AUDIO clock, so the sound never depends on when the timer
 * ran; and the cursor follows the audio too: the note published is the one the audio clock,
 * minus the output latency, has reached — not the one last scheduled.
 */
import { notes as chanterNotes, type Pitch } from '../music/notes.ts';
import type { Performance, PerformanceEvent } from '../music/tune/performance.ts';
import type { Hz, Seconds } from '../music/units.ts';
import { CHECK_INTERVAL_MS, LOOK_AHEAD } from './scheduler.ts';
import { createChanterVoice, type ChanterVoice } from './synth/chanterVoice.ts';
import type { Timers } from './timers.ts';
import type { AudioContextLike, NodeLike } from './webAudio.ts';

/** What the player and its chanter voice use; the output latency where the browser reports it. */
export type TunePlayerContext = Pick<
  AudioContextLike,
  'currentTime' | 'destination' | 'createOscillator' | 'createGain' | 'createPeriodicWave'
> &
  Partial<Pick<AudioContextLike, 'outputLatency'>>;

/** The drones as the listening engine's `createDrones` returns them. */
export interface DronesLike {
  start(when?: Seconds): void;
  stop(when?: Seconds): void;
  setVolume(volume: number): void;
}

export type CreateDrones = (
  ctx: TunePlayerContext,
  destination: NodeLike,
  options: { lowA: Hz; volume: number },
) => DronesLike;

export interface TunePlayerOptions {
  /**
   * The audio context, asked for on the first play() — inside the click, as browsers require
   * (https://developer.chrome.com/blog/autoplay/#web-audio).
   */
  getContext: () => TunePlayerContext;
  timers: Timers;
  /** Where the sound goes; default: the context's destination. */
  destination?: NodeLike;
  /** The chanter's notes in Hz (a calibrated chanter); default: the standard chanter (§3). */
  frequencies?: Readonly<Record<Pitch, Hz>>;
  createDrones?: CreateDrones;
  /** Chanter level. */
  gain?: number;
}

export interface PlayOptions {
  /** Seconds into the performance to start from (resume, tempo change). */
  from?: Seconds;
  /** Count-in clicks, in seconds from the count-in start (performance.ts `countIn`). */
  countIn?: { clicks: readonly Seconds[]; durationSeconds: Seconds } | null;
  /** Start again at the end, seamlessly (loop a part). */
  loop?: boolean;
  /** Drone volume 0–1, or null for no drones. */
  drones?: number | null;
  /** The chanter to sound (the piper's own, calibrated); default: the player's. */
  frequencies?: Readonly<Record<Pitch, Hz>>;
}

export type TunePlayerState = 'stopped' | 'playing' | 'paused';

export interface TunePlayerSnapshot {
  readonly state: TunePlayerState;
  /** The count-in is sounding: the tune has not started yet. */
  readonly countingIn: boolean;
  /** Index into notesOf(tune) of the melody note now heard, or null. */
  readonly noteIndex: number | null;
  /**
   * Seconds into the performance where playback started or was paused (not updated while
   * playing, so React does not re-render on every tick; see `position()`).
   */
  readonly position: Seconds;
}

export interface TunePlayer {
  play(performance: Performance, options?: PlayOptions): void;
  /** Stops the sound and remembers where: play(…, { from: snapshot.position }) resumes. */
  pause(): void;
  stop(): void;
  /** Seconds into the performance now heard. */
  position(): Seconds;
  setDroneVolume(volume: number | null): void;
  getSnapshot(): TunePlayerSnapshot;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

/** Time from play() to the first sound: enough for the first look-ahead to schedule it. */
export const START_DELAY: Seconds = 0.05;
/** Events closer than this are one continuous sound (no restart of the reed). */
const JOIN: Seconds = 0.001;
export const CLICK_HZ: Hz = 1000;
export const CLICK_DURATION: Seconds = 0.04;

const standard = Object.fromEntries(chanterNotes.map((n) => [n.pitch, n.frequency])) as Record<
  Pitch,
  Hz
>;

const stopped: TunePlayerSnapshot = {
  state: 'stopped',
  countingIn: false,
  noteIndex: null,
  position: 0,
};

export function createTunePlayer(options: TunePlayerOptions): TunePlayer {
  const { timers } = options;
  let context: TunePlayerContext | null = null;
  const audio = (): TunePlayerContext => (context ??= options.getContext());
  let frequencies = options.frequencies ?? standard;
  const listeners = new Set<() => void>();
  let snapshot: TunePlayerSnapshot = stopped;

  let timer: unknown = null;
  let performance: Performance | null = null;
  let sounding: PerformanceEvent[] = [];
  /** Audio time at which performance time 0 sounds (this loop round). */
  let origin = 0;
  /** …and in the first round: the cursor measures from it. */
  let firstOrigin = 0;
  let hasCountIn = false;
  /** Performance time playback started from. */
  let from = 0;
  let loop = false;
  /** Next event to schedule. */
  let next = 0;
  let voice: ChanterVoice | null = null;
  /** Audio time the last scheduled sound ends. */
  let voiceEnd = -Infinity;
  let drones: DronesLike | null = null;
  const clicks: Array<{ stop(at: Seconds): void }> = [];

  function publish(next: TunePlayerSnapshot) {
    if (
      next.state === snapshot.state &&
      next.countingIn === snapshot.countingIn &&
      next.noteIndex === snapshot.noteIndex &&
      next.position === snapshot.position
    ) {
      return;
    }
    snapshot = next;
    listeners.forEach((l) => l());
  }

  function click(when: Seconds, accent: boolean) {
    const ctx = audio();
    const osc = ctx.createOscillator();
    const amp = ctx.createGain();
    osc.frequency.setValueAtTime(accent ? CLICK_HZ * 1.5 : CLICK_HZ, when);
    amp.gain.setValueAtTime(0, when);
    amp.gain.linearRampToValueAtTime(0.4, when + 0.003);
    amp.gain.linearRampToValueAtTime(0, when + CLICK_DURATION);
    osc.connect(amp);
    amp.connect(options.destination ?? ctx.destination);
    osc.onended = () => {
      osc.disconnect();
      amp.disconnect();
    };
    osc.start(when);
    osc.stop(when + CLICK_DURATION);
    clicks.push({ stop: (at) => osc.stop(Math.max(at, when)) });
  }

  function sound(e: PerformanceEvent, when: Seconds, length: Seconds) {
    const hz = frequencies[e.pitch];
    if (!voice || when > voiceEnd + JOIN) {
      voice?.stop(voiceEnd);
      const ctx = audio();
      voice = createChanterVoice(ctx, options.destination ?? ctx.destination, {
        gain: options.gain,
      });
      voice.setPitch(hz, when);
      voice.start(when);
    } else {
      voice.setPitch(hz, when);
    }
    voiceEnd = when + length;
  }

  /** Schedules everything due within the look-ahead; moves to the next loop round. */
  function schedule(horizon: Seconds) {
    if (!performance) return;
    const events = performance.events;
    for (;;) {
      if (next >= events.length) {
        if (!loop || performance.durationSeconds <= 0) break;
        origin += performance.durationSeconds;
        from = 0;
        next = 0;
        if (events.length === 0) break;
      }
      const e = events[next]!;
      const end = e.startSeconds + e.durationSeconds;
      if (end <= from) {
        next++;
        continue;
      }
      const when = origin + Math.max(e.startSeconds, from);
      if (when >= horizon) break;
      sound(e, when, origin + end - when);
      next++;
    }
    // The tune is over once its last sound has been scheduled: let the reed stop with it.
    if (!loop && next >= events.length && voice) {
      voice.stop(voiceEnd);
      voice = null;
    }
  }

  /**
   * The note the listener hears at performance time t: a grace counts as the note it
   * embellishes, so the cursor moves when the movement starts and never blinks off in it.
   */
  function noteAt(t: Seconds): number | null {
    let found: number | null = null;
    for (const e of sounding) {
      if (e.startSeconds > t) break;
      if (t < e.startSeconds + e.durationSeconds) found = e.noteIndex;
    }
    return found;
  }

  function tick() {
    timer = null;
    if (!performance) return;
    const ctx = audio();
    const now = ctx.currentTime;
    schedule(now + LOOK_AHEAD);
    const heard = now - (ctx.outputLatency ?? 0);
    if (!loop && heard - firstOrigin >= performance.durationSeconds) {
      finish();
      return;
    }
    const before = heard < firstOrigin + from;
    publish({
      state: 'playing',
      countingIn: before && hasCountIn,
      noteIndex: before ? null : noteAt(heardPosition()),
      position: from,
    });
    timer = timers.setTimeout(tick, CHECK_INTERVAL_MS);
  }

  /** Performance time the listener hears now (the loop round folded in). */
  function heardPosition(): Seconds {
    if (!performance || !context) return snapshot.position;
    const ctx = context;
    const t = ctx.currentTime - (ctx.outputLatency ?? 0) - firstOrigin;
    if (t < from) return from;
    return loop && performance.durationSeconds > 0 ? t % performance.durationSeconds : t;
  }

  function silence() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (!context) return;
    const now = context.currentTime;
    voice?.stop(now);
    voice = null;
    voiceEnd = -Infinity;
    for (const c of clicks.splice(0)) c.stop(now);
    drones?.stop(now);
    drones = null;
  }

  function finish() {
    silence();
    performance = null;
    publish(stopped);
  }

  function startDrones(volume: number, when: Seconds) {
    if (!options.createDrones) return;
    const ctx = audio();
    drones = options.createDrones(ctx, options.destination ?? ctx.destination, {
      lowA: frequencies.LA,
      volume,
    });
    drones.start(when);
  }

  return {
    play(perf, opts = {}) {
      silence();
      performance = perf;
      sounding = [...perf.events];
      frequencies = opts.frequencies ?? options.frequencies ?? standard;
      loop = opts.loop ?? false;
      from = Math.min(Math.max(0, opts.from ?? 0), perf.durationSeconds);
      const start = audio().currentTime + START_DELAY;
      const count = from === 0 ? opts.countIn : null;
      hasCountIn = Boolean(count);
      origin = firstOrigin = start + (count?.durationSeconds ?? 0) - from;
      next = 0;
      if (opts.drones !== undefined && opts.drones !== null) startDrones(opts.drones, start);
      count?.clicks.forEach((c, i) => click(start + c, i === 0));
      publish({ state: 'playing', countingIn: Boolean(count), noteIndex: null, position: from });
      tick();
    },
    pause() {
      if (snapshot.state !== 'playing') return;
      const position = heardPosition();
      const noteIndex = snapshot.noteIndex;
      silence();
      performance = null;
      publish({ state: 'paused', countingIn: false, noteIndex, position });
    },
    stop() {
      silence();
      performance = null;
      publish(stopped);
    },
    setDroneVolume(volume) {
      if (volume === null) {
        if (context) drones?.stop(context.currentTime);
        drones = null;
      } else if (drones) {
        drones.setVolume(volume);
      } else if (snapshot.state === 'playing') {
        startDrones(volume, audio().currentTime);
      }
    },
    position: heardPosition,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      silence();
      performance = null;
      snapshot = stopped;
      listeners.clear();
    },
  };
}
