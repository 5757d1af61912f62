/**
 * Wait mode (issue 14 items 2 and 4): the cursor waits at the current note until it is played,
 * for learning a tune slowly. No timing is judged; a melody note counts as right once its
 * pitch is heard, and 'wrong' if other notes were tried first (the first one is kept as what
 * was heard). The note's movement is judged as in play mode (./judgeEmbellishment.ts): its
 * grace notes are matched in order as they come, and short notes among them that belong to
 * nothing are its crossing noise.
 */
import type { ExpectedEvent } from './expectedEvents.ts';
import { judgeEmbellishment } from './judgeEmbellishment.ts';
import type { EmbellishmentJudgement, EventJudgement, ExtraNote } from './judgement.ts';
import { judgeWindows, type Difficulty } from './judgeWindows.ts';
import type { PerformedEvent } from './performedEvent.ts';
import type { FollowerResult, FollowerUpdate } from './scoreFollower.ts';

/** Shorter notes are slips or crossing noise, not a try at the note. */
export const WAIT_MIN_TRY = 0.06;
/**
 * A note of the melody's pitch shorter than this, while a grace of that pitch is still to
 * come, is that grace (a doubling's middle note), not the melody note: learners in wait mode
 * play movements slowly, but hold the melody note itself longer.
 */
export const WAIT_GRACE_MAX = 0.25;

export interface WaitFollower {
  push(event: PerformedEvent): FollowerUpdate;
  /** Index of the melody note waited for (its movement comes first); events.length when done. */
  position(): number;
  done(): boolean;
  result(): FollowerResult;
}

export function createWaitFollower(
  expected: readonly ExpectedEvent[],
  options: { difficulty?: Difficulty } = {},
): WaitFollower {
  const windows = judgeWindows(options.difficulty);
  const melodies = expected.filter((e) => e.kind === 'melody');
  const judged: EventJudgement[] = [];
  const embellishments: EmbellishmentJudgement[] = [];
  const extras: ExtraNote[] = [];
  let at = 0;
  let graceJudged: EventJudgement[] = [];
  let nextGrace = 0;
  let noise: ExtraNote[] = [];
  let firstWrong: PerformedEvent | null = null;
  let out: {
    events: EventJudgement[];
    embellishments: EmbellishmentJudgement[];
    extras: ExtraNote[];
  };
  const gracesOf = (m: ExpectedEvent) =>
    expected.filter((e) => e.kind === 'grace' && e.melody === m.index);

  function settle(m: ExpectedEvent, heard: PerformedEvent | null): void {
    const graces = gracesOf(m).map(
      (g) =>
        graceJudged.find((j) => j.expected.index === g.index) ?? {
          expected: g,
          heard: null,
          onset: null,
          duration: null,
          offset: null,
          verdict: 'missed' as const,
          timing: null,
        },
    );
    const melody: EventJudgement = {
      expected: m,
      heard: firstWrong?.note ?? heard?.note ?? m.pitch,
      onset: heard?.onset ?? null,
      duration: heard?.duration ?? null,
      offset: null,
      verdict: firstWrong ? 'wrong' : 'correct',
      timing: null,
    };
    judged.push(...graces, melody);
    out.events.push(...graces, melody);
    const verdict = judgeEmbellishment(m, graces, noise, windows);
    if (verdict) {
      embellishments.push(verdict);
      out.embellishments.push(verdict);
    }
    at++;
    graceJudged = [];
    nextGrace = 0;
    noise = [];
    firstWrong = null;
    // A note held on from the one before (same pitch, no onset possible) is played with it.
    const following = melodies[at];
    if (following?.held && gracesOf(following).length === 0) settle(following, null);
  }

  return {
    push(event) {
      out = { events: [], embellishments: [], extras: [] };
      const m = melodies[at];
      if (!m) return out;
      const graces = gracesOf(m);
      const g = graces.findIndex((x, i) => i >= nextGrace && x.pitch === event.note);
      const graceFirst = g >= 0 && (event.note !== m.pitch || event.duration < WAIT_GRACE_MAX);
      if (graceFirst) {
        graceJudged.push({
          expected: graces[g]!,
          heard: event.note,
          onset: event.onset,
          duration: event.duration,
          offset: null,
          verdict: 'correct',
          timing: null,
        });
        nextGrace = g + 1;
      } else if (event.note === m.pitch) settle(m, event);
      else {
        const extra = { onset: event.onset, duration: event.duration, note: event.note };
        extras.push(extra);
        out.extras.push(extra);
        if (event.duration < WAIT_MIN_TRY) noise.push(extra);
        else firstWrong ??= event;
      }
      return out;
    },
    position: () => melodies[at]?.index ?? expected.length,
    done: () => at >= melodies.length,
    result: () => ({
      events: [...judged],
      embellishments: [...embellishments],
      extras: [...extras],
      rate: 1,
    }),
  };
}
