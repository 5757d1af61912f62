/**
 * The online score follower and judge (issue 14 item 2; the method and why: docs/decisions/
 * 022-score-following.md). Performed note events go in one at a time; out come verdicts on
 * the expected events (./expectedEvents.ts) and on each embellishment.
 *
 * Alignment is a fixed-lag best path: the follower keeps the last LAG + 1 performed events
 * undecided and, at each new event, finds the cheapest way to explain them from its committed
 * place in the score — each event either matches an expected event of its pitch, stands for a
 * melody note played on the wrong pitch, or is an extra note; expected events passed over are
 * missed (./bestPath.ts: the search and its costs). Timing counts, so a repeated pitch is
 * matched where it belongs in time. Only the oldest event's decision is committed, so
 * a wrong, extra or skipped note is explained by the notes that follow it and the follower is
 * back in place within LAG notes (the 'within 2 notes').
 */
import type { ExpectedEvent } from './expectedEvents.ts';
import { judgeEmbellishment } from './judgeEmbellishment.ts';
import type { EmbellishmentJudgement, EventJudgement, ExtraNote } from './judgement.ts';
import { judgeWindows, timingVerdict, type Difficulty, type JudgeWindows } from './judgeWindows.ts';
import type { PerformedEvent } from './performedEvent.ts';
import { TempoTracker } from './tempoTracker.ts';
import {
  MAX_SKIP_MELODY,
  SKIP_MELODY,
  alignmentWindowEnd,
  bestPath,
  skipCosts,
  type PathStep,
} from './bestPath.ts';

export interface FollowerOptions {
  readonly difficulty?: Difficulty;
  /** Performance seconds per score second (the score built at 80 bpm, played at 60: 4/3). */
  readonly rate?: number;
  /** true (default): follow the piper's tempo; false: hold the nominal tempo (a metronome). */
  readonly followTempo?: boolean;
  /** Where score time 0 sounds on the events' clock (after a count-in); default: the first note. */
  readonly start?: number;
}

export interface FollowerUpdate {
  /** Expected events judged by this call, in expected order. */
  readonly events: readonly EventJudgement[];
  readonly embellishments: readonly EmbellishmentJudgement[];
  readonly extras: readonly ExtraNote[];
}

export interface FollowerResult extends FollowerUpdate {
  /** Performance seconds per score second at the end. */
  readonly rate: number;
}

/** Performed events kept undecided: decisions are final LAG events later. */
export const LAG = 2;

/** Short extra notes this long before the movement's beat still count as its crossing noise. */
const NOISE_LEAD = 0.12;

export interface ScoreFollower {
  /** A performed note ended: returns what became final. */
  push(event: PerformedEvent): FollowerUpdate;
  /** The performance ended (or stopped): everything left is decided, the rest is missed. */
  finish(): FollowerUpdate;
  /** The expected event the follower is waiting for next (provisional: for a cursor). */
  position(): number;
  /** Performance seconds per score second now. */
  rate(): number;
  result(): FollowerResult;
}

export function createScoreFollower(
  expected: readonly ExpectedEvent[],
  options: FollowerOptions = {},
): ScoreFollower {
  const windows: JudgeWindows = judgeWindows(options.difficulty);
  const tempo = new TempoTracker({ rate: options.rate ?? 1, follow: options.followTempo ?? true });
  if (options.start !== undefined) tempo.start(0, options.start);
  const n = expected.length;

  // The first event of each melody note's group (its first grace note, else itself).
  const groupStart = expected.map((e) => e.index);
  for (const e of expected) {
    const m = e.melody;
    if (m >= 0 && m < n) groupStart[m] = Math.min(groupStart[m]!, e.index);
  }
  const skipCost = skipCosts(expected);

  const judged: (EventJudgement | undefined)[] = new Array<EventJudgement | undefined>(n);
  const embellishments: EmbellishmentJudgement[] = [];
  const extras: ExtraNote[] = [];
  let pendingNoise: ExtraNote[] = [];
  let next = 0;
  let provisional = 0;
  let lastHeard: PerformedEvent | null = null;
  /** The last committed match: the alignment's timing anchor. */
  let lastMatch: { onset: number; time: number } | null = null;
  const buffer: PerformedEvent[] = [];

  let outEvents: EventJudgement[] = [];
  let outEmbellishments: EmbellishmentJudgement[] = [];
  let outExtras: ExtraNote[] = [];

  const predict = (score: number) => tempo.predict(score);

  /** The cheapest explanation of the buffered events from `next` (./bestPath.ts). */
  function solve(): PathStep[] {
    const path = bestPath({
      expected,
      skipCost,
      from: next,
      end: alignmentWindowEnd(expected, next, LAG + 1 + MAX_SKIP_MELODY),
      events: buffer,
      rate: tempo.rate,
      anchor: lastMatch,
      predict,
    });
    provisional = path.position;
    return path.steps;
  }

  function record(j: EventJudgement): void {
    judged[j.expected.index] = j;
    outEvents.push(j);
    if (j.expected.kind === 'melody') finishMovement(j.expected);
  }

  /** A melody note is decided: so is its movement (all its graces came before it). */
  function finishMovement(melody: ExpectedEvent): void {
    const start = groupStart[melody.index]!;
    const graces: EventJudgement[] = [];
    for (let k = start; k < melody.index; k++) {
      const g = judged[k];
      if (g && g.expected.kind === 'grace') graces.push(g);
    }
    const beat = predict(expected[start]!.time);
    const noise = pendingNoise.filter((x) => beat === null || x.onset >= beat - NOISE_LEAD);
    pendingNoise = [];
    const verdict = judgeEmbellishment(melody, graces, noise, windows);
    if (verdict) {
      embellishments.push(verdict);
      outEmbellishments.push(verdict);
    }
  }

  /** An expected event passed over: missed, unless it is a note held on from the last one. */
  function passOver(k: number): void {
    const e = expected[k]!;
    const at = predict(e.time);
    const heldOn =
      (e.held || (e.kind === 'melody' && skipCost[k]! < SKIP_MELODY)) &&
      lastHeard !== null &&
      lastHeard.note === e.pitch &&
      (at === null || lastHeard.onset + lastHeard.duration >= at);
    record({
      expected: e,
      heard: heldOn ? e.pitch : null,
      onset: null,
      duration: null,
      offset: null,
      verdict: heldOn ? 'correct' : 'missed',
      timing: null,
    });
  }

  function commit(event: PerformedEvent, step: PathStep): void {
    if (step.kind === 'extra') {
      const extra: ExtraNote = { onset: event.onset, duration: event.duration, note: event.note };
      extras.push(extra);
      outExtras.push(extra);
      if (event.duration <= windows.graceTooSlow) pendingNoise.push(extra);
      return;
    }
    const k = step.target;
    for (let i = next; i < k; i++) passOver(i);
    next = k + 1;
    lastHeard = event;
    lastMatch = { onset: event.onset, time: expected[k]!.time };
    const e = expected[k]!;
    if (e.kind === 'grace') {
      const at = predict(e.time);
      record({
        expected: e,
        heard: event.note,
        onset: event.onset,
        duration: event.duration,
        offset: at === null ? null : event.onset - at,
        verdict: 'correct',
        timing: null,
      });
      return;
    }
    // The beat is where the movement starts: its first grace heard, else the note itself.
    const start = groupStart[k]!;
    let beatOnset = event.onset;
    for (let i = start; i < k; i++) {
      const onset = judged[i]?.onset;
      if (onset !== null && onset !== undefined) {
        beatOnset = Math.min(beatOnset, onset);
        break;
      }
    }
    const beatTime = expected[start]!.time;
    const at = predict(beatTime);
    const offset = at === null ? 0 : beatOnset - at;
    const timing = timingVerdict(offset, windows);
    if (step.kind === 'match') tempo.add(beatTime, beatOnset);
    record({
      expected: e,
      heard: event.note,
      onset: event.onset,
      duration: event.duration,
      offset,
      verdict:
        step.kind === 'wrong'
          ? 'wrong'
          : timing === 'early' || timing === 'late'
            ? timing
            : 'correct',
      timing,
    });
  }

  function flushOut(): FollowerUpdate {
    const update = { events: outEvents, embellishments: outEmbellishments, extras: outExtras };
    outEvents = [];
    outEmbellishments = [];
    outExtras = [];
    return update;
  }

  return {
    push(event) {
      if (!tempo.anchored) tempo.start(expected[next]?.time ?? 0, event.onset);
      buffer.push(event);
      const steps = solve();
      if (buffer.length > LAG) commit(buffer.shift()!, steps[0]!);
      return flushOut();
    },
    finish() {
      if (buffer.length > 0) {
        const steps = solve();
        buffer.splice(0).forEach((event, i) => commit(event, steps[i]!));
      }
      for (let k = next; k < n; k++) passOver(k);
      next = n;
      provisional = n;
      return flushOut();
    },
    position: () => Math.max(next, provisional),
    rate: () => tempo.rate,
    result() {
      return {
        events: judged.filter((j): j is EventJudgement => j !== undefined),
        embellishments: [...embellishments],
        extras: [...extras],
        rate: tempo.rate,
      };
    },
  };
}
