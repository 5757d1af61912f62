/**
 * The play-along session (issue 14 item 4): one run of a tune against the chanter, off React
 * (DESIGN habits 1–3, 5). It takes the audio clock, timers, the tune player, the note events and
 * the input latency as parameters; subscribes to the note events itself (engine to engine,
 * ADR 021); feeds the score follower (play mode, ADR 022) or the wait follower (wait mode); and
 * publishes a snapshot (cursor, marks per note, the result when the run ends) for React.
 *
 * Timing: in play mode score time 0 sounds at play() + START_DELAY + the count-in on the audio
 * clock (tunePlayer.ts); the piper hears it and the microphone hears the piper, so the stored
 * round-trip latency (ADR 024) is taken off every onset before the follower sees it.
 */
import type { ExpectedEvent } from '../../music/playAlong/expectedEvents.ts';
import type {
  EmbellishmentJudgement,
  EmbellishmentVerdict,
  EventVerdict,
  EventJudgement,
  ExtraNote,
} from '../../music/playAlong/judgement.ts';
import type { Difficulty } from '../../music/playAlong/judgeWindows.ts';
import type { PerformedEvent } from '../../music/playAlong/performedEvent.ts';
import { createScoreFollower, type FollowerUpdate } from '../../music/playAlong/scoreFollower.ts';
import { createWaitFollower } from '../../music/playAlong/waitFollower.ts';
import type { Performance } from '../../music/tune/performance.ts';
import type { Seconds } from '../../music/units.ts';
import type { NoteEventMessage, NoteEvents } from '../noteEvents/noteEvent.ts';
import type { Timers } from '../timers.ts';
import { START_DELAY, type PlayOptions } from '../tunePlayer.ts';

export type PlayAlongMode = 'play' | 'wait';
export type GuideSound = 'voice' | 'metronome';

/** What the session needs of the tune player. */
export interface GuidePlayer {
  play(performance: Performance, options?: PlayOptions): void;
  stop(): void;
}

export interface PlayAlongSessionOptions {
  /** The audio clock (AudioContext.currentTime): note events are on it. */
  readonly audioTime: () => Seconds;
  readonly timers: Timers;
  readonly player: GuidePlayer;
  readonly noteEvents: NoteEvents;
  /** The stored round-trip latency of the microphone in use (0 when none is stored). */
  readonly latency: () => Seconds;
  /**
   * Note events shorter than this are dropped (default MIN_NOTE, for the microphone); the
   * keyboard chanter has no detector frames, and a quick key press is a note: pass 0.
   */
  readonly minNote?: () => Seconds;
}

export interface RunSettings {
  readonly mode: PlayAlongMode;
  readonly guide: GuideSound;
  readonly difficulty: Difficulty;
  /** The count-in (one bar: performance.ts countIn), or null. Play mode only. */
  readonly countIn: { clicks: readonly Seconds[]; durationSeconds: Seconds } | null;
  /** Metronome clicks through the tune, in performance seconds (guide 'metronome'). */
  readonly beats: readonly Seconds[];
  readonly loop: boolean;
  /** Drone volume 0–1 or null. */
  readonly drones: number | null;
  /**
   * Play mode: no guide and no count-in; the follower anchors on the first note heard (for the
   * piper who strikes in on their own, and for judging a recording that starts when it starts).
   */
  readonly startOnFirstNote: boolean;
  readonly frequencies?: PlayOptions['frequencies'];
}

export interface RunInput {
  readonly expected: readonly ExpectedEvent[];
  /** The guide: the same music the expected events were built from, at the same tempo. */
  readonly performance: Performance;
  readonly settings: RunSettings;
}

export interface NoteMark {
  readonly verdict: EventVerdict;
  readonly embellishment: EmbellishmentVerdict | null;
}

export interface RunResult {
  readonly events: readonly EventJudgement[];
  readonly embellishments: readonly EmbellishmentJudgement[];
  readonly extras: readonly ExtraNote[];
  readonly settings: RunSettings;
  /** Loop rounds judged (1 without a loop). */
  readonly rounds: number;
}

export type SessionState = 'idle' | 'countingIn' | 'playing' | 'review';

export interface PlayAlongSnapshot {
  readonly state: SessionState;
  /** Index into notesOf(tune) of the note the cursor is on, or null. */
  readonly cursor: number | null;
  /** Verdicts so far by index into notesOf(tune) (the latest loop round wins). */
  readonly marks: ReadonlyMap<number, NoteMark>;
  /** The last judged melody note, for a live region: 'D late'. */
  readonly last: EventJudgement | null;
  readonly result: RunResult | null;
}

export interface PlayAlongSession {
  start(run: RunInput): void;
  /** Ends the run now: what was not played is missed; the review shows. */
  stop(): void;
  /** Back to idle (leaves the review). */
  reset(): void;
  getSnapshot(): PlayAlongSnapshot;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

/** The session checks the clock this often (cursor, end of a round): ms. */
export const TICK_MS = 50;
/** Time after a round's end still counted in it (a last note held over, detector delay). */
export const ROUND_TAIL: Seconds = 0.6;
/**
 * Shorter note events are not notes: grace notes last 15–60 ms (issue 14 item 1), and the live
 * detector reports a single frame (256 samples, 5.8 ms at 44.1 kHz) of another note at some
 * note changes, which the judge would otherwise count as crossing noise (seen in
 * e2e/playAlong.e2e.ts on the app's own clean chanter voice).
 */
export const MIN_NOTE: Seconds = 0.01;
/** Start-on-first-note and wait mode end this long after the last note, once all is played. */
export const END_SILENCE: Seconds = 1;

const idle: PlayAlongSnapshot = {
  state: 'idle',
  cursor: null,
  marks: new Map(),
  last: null,
  result: null,
};

interface Follower {
  push(event: PerformedEvent): FollowerUpdate;
  finish(): FollowerUpdate;
  position(): number;
}

export function createPlayAlongSession(options: PlayAlongSessionOptions): PlayAlongSession {
  const { audioTime, timers, player, noteEvents } = options;
  const listeners = new Set<() => void>();
  let snapshot = idle;
  let run: RunInput | null = null;
  let follower: Follower | null = null;
  let waitDone: (() => boolean) | null = null;
  /** Audio time score time 0 sounds in round 0 (null: anchored on the first note). */
  let origin: Seconds | null = null;
  let round = 0;
  let lastNoteEnd: Seconds = -Infinity;
  let timer: unknown = null;
  let unsubscribe: (() => void) | null = null;
  let events: EventJudgement[] = [];
  let embellishments: EmbellishmentJudgement[] = [];
  let extras: ExtraNote[] = [];
  let marks = new Map<number, NoteMark>();

  function publish(next: Partial<PlayAlongSnapshot>) {
    snapshot = { ...snapshot, ...next };
    listeners.forEach((l) => l());
  }

  function newFollower(r: number): Follower {
    const { expected, settings } = run!;
    if (settings.mode === 'wait') {
      const w = createWaitFollower(expected, { difficulty: settings.difficulty });
      waitDone = () => w.done();
      return { push: (e) => w.push(e), finish: () => emptyUpdate, position: () => w.position() };
    }
    return createScoreFollower(expected, {
      difficulty: settings.difficulty,
      // The guide or the metronome holds the tempo; a piper striking in alone sets their own.
      followTempo: origin === null,
      start: origin === null ? undefined : origin + r * run!.performance.durationSeconds,
    });
  }

  function take(update: FollowerUpdate) {
    if (update.events.length + update.embellishments.length + update.extras.length === 0) return;
    events.push(...update.events);
    embellishments.push(...update.embellishments);
    extras.push(...update.extras);
    marks = new Map(marks);
    let last = snapshot.last;
    for (const j of update.events) {
      if (j.expected.kind !== 'melody') continue;
      const old = marks.get(j.expected.noteIndex);
      marks.set(j.expected.noteIndex, {
        verdict: j.verdict,
        embellishment: old?.embellishment ?? null,
      });
      last = j;
    }
    for (const e of update.embellishments) {
      const note = run!.expected[e.melody]?.noteIndex;
      if (note === undefined) continue;
      const old = marks.get(note);
      marks.set(note, { verdict: old?.verdict ?? 'correct', embellishment: e.verdict });
    }
    publish({ marks, last });
  }

  function cursorNow(): number | null {
    if (!run || !follower) return null;
    const { expected, performance, settings } = run;
    if (settings.mode === 'wait' || origin === null) {
      return expected[Math.min(follower.position(), expected.length - 1)]?.noteIndex ?? null;
    }
    // Play mode: the score time the piper hears now (the guide's own cursor, on the audio clock).
    let t = audioTime() - origin;
    if (t < 0) return null;
    if (settings.loop && performance.durationSeconds > 0) t %= performance.durationSeconds;
    let found: number | null = null;
    for (const e of expected) {
      if (e.time > t) break;
      found = e.noteIndex;
    }
    return found;
  }

  function onNote(message: NoteEventMessage) {
    if (message.type !== 'noteOff' || !run || !follower) return;
    const e = message.event;
    if (e.duration < (options.minNote?.() ?? MIN_NOTE)) return;
    const performed: PerformedEvent = {
      onset: e.onset - options.latency(),
      duration: e.duration,
      note: e.note,
      pitchHz: e.hz,
      confidence: e.confidence,
    };
    lastNoteEnd = e.onset + e.duration;
    // A looped run: a note past this round's end (and its tail) belongs to the next round.
    if (origin !== null && run.settings.loop) {
      const length = run.performance.durationSeconds;
      const r = Math.floor((performed.onset - origin) / length);
      if (r > round) nextRound(r);
    }
    take(follower.push(performed));
    if (waitDone?.()) end();
    else publish({ cursor: cursorNow() });
  }

  function nextRound(r: number) {
    take(follower!.finish());
    round = r;
    follower = newFollower(r);
  }

  function tick() {
    timer = null;
    if (!run || !follower) return;
    const now = audioTime();
    const heard = now - options.latency();
    const { performance, settings, expected } = run;
    if (origin !== null) {
      const roundEnd = origin + (round + 1) * performance.durationSeconds;
      if (heard > roundEnd + ROUND_TAIL) {
        if (!settings.loop) return end();
        nextRound(round + 1);
      }
    } else if (
      settings.mode === 'play' &&
      follower.position() >= expected.length &&
      now - lastNoteEnd > END_SILENCE
    ) {
      return end();
    }
    const counting = origin !== null && now < origin;
    const state: SessionState = counting ? 'countingIn' : 'playing';
    const cursor = cursorNow();
    if (state !== snapshot.state || cursor !== snapshot.cursor) publish({ state, cursor });
    timer = timers.setTimeout(tick, TICK_MS);
  }

  function silence() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    unsubscribe?.();
    unsubscribe = null;
    player.stop();
  }

  function end() {
    if (!run || !follower) return;
    silence();
    take(follower.finish());
    const result: RunResult = {
      events,
      embellishments,
      extras,
      settings: run.settings,
      rounds: round + 1,
    };
    follower = null;
    publish({ state: 'review', cursor: null, result });
  }

  return {
    start(input) {
      silence();
      run = input;
      const { settings, performance } = input;
      events = [];
      embellishments = [];
      extras = [];
      marks = new Map();
      round = 0;
      waitDone = null;
      lastNoteEnd = -Infinity;
      const realTime = settings.mode === 'play' && !settings.startOnFirstNote;
      const count = realTime ? settings.countIn : null;
      origin = realTime ? audioTime() + START_DELAY + (count?.durationSeconds ?? 0) : null;
      const silent: Performance = {
        bpm: performance.bpm,
        events: [],
        // Wait mode and a piper striking in alone have no end on the clock: drones sound on.
        durationSeconds: realTime ? performance.durationSeconds : Number.MAX_SAFE_INTEGER,
      };
      const voice = realTime && settings.guide === 'voice';
      const clicks = realTime && settings.guide === 'metronome' ? settings.beats : [];
      const offset = count?.durationSeconds ?? 0;
      if (realTime || settings.drones !== null) {
        player.play(voice ? performance : silent, {
          loop: realTime && settings.loop,
          drones: settings.drones,
          frequencies: settings.frequencies,
          countIn:
            count || clicks.length > 0
              ? {
                  clicks: [...(count?.clicks ?? []), ...clicks.map((c) => c + offset)],
                  durationSeconds: offset,
                }
              : null,
        });
      }
      follower = newFollower(0);
      unsubscribe = noteEvents.subscribe(onNote);
      publish({
        state: origin !== null && count ? 'countingIn' : 'playing',
        cursor: cursorNow(),
        marks,
        last: null,
        result: null,
      });
      timer = timers.setTimeout(tick, TICK_MS);
    },
    stop: () => end(),
    reset() {
      silence();
      run = null;
      follower = null;
      snapshot = idle;
      listeners.forEach((l) => l());
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      silence();
      run = null;
      follower = null;
      listeners.clear();
    },
  };
}

const emptyUpdate: FollowerUpdate = { events: [], embellishments: [], extras: [] };
