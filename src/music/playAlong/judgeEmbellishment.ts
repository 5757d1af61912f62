/**
 * The verdict on one embellishment (issue 14 item 2: complete, grace notes missing — which —,
 * wrong order, crossing noise, too slow), from what the follower matched to its grace notes
 * and the short notes it heard inside the movement that match nothing.
 *
 * Order of weight, one verdict shown but every fault kept:
 *  - wrong order: the movement's notes were all there but not in the written order (the same
 *    notes, rearranged) — then the 'missing' and 'noise' the swap causes are not reported;
 *  - grace notes missing: which ones;
 *  - crossing noise: short notes inside the movement that are not in it (fingers not lifted
 *    or closed together — the classic 'crossing noise' of pipe teaching);
 *  - too slow: a grace note lasted beyond the difficulty's limit (absolute milliseconds: grace
 *    notes do not stretch with tempo, see ./judgeWindows.ts).
 */
import type { Pitch } from '../notes.ts';
import type { ExpectedEvent } from './expectedEvents.ts';
import type {
  EmbellishmentJudgement,
  EmbellishmentVerdict,
  EventJudgement,
  ExtraNote,
} from './judgement.ts';
import type { JudgeWindows } from './judgeWindows.ts';

const sameNotes = (a: readonly Pitch[], b: readonly Pitch[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function judgeEmbellishment(
  melody: ExpectedEvent,
  graces: readonly EventJudgement[],
  /** Short unmatched notes heard between the previous melody note and this one. */
  noise: readonly ExtraNote[],
  windows: JudgeWindows,
): EmbellishmentJudgement | null {
  if (graces.length === 0 || melody.embellishment === null || melody.family === null) return null;
  const expected = graces.map((g) => g.expected.pitch);
  const heard = [
    ...graces.flatMap((g) =>
      g.onset === null ? [] : [{ onset: g.onset, note: g.expected.pitch }],
    ),
    ...noise.map((n) => ({ onset: n.onset, note: n.note })),
  ]
    .sort((a, b) => a.onset - b.onset)
    .map((h) => h.note);
  const missing = graces.filter((g) => g.heard === null).map((g) => g.expected.index);
  const durations = graces.map((g) => g.duration);
  const faults: EmbellishmentVerdict[] = [];
  const reordered = heard.join() !== expected.join() && sameNotes(heard, expected);
  if (reordered) faults.push('wrong-order');
  else {
    if (missing.length > 0) faults.push('missing-graces');
    if (noise.length > 0) faults.push('crossing-noise');
  }
  if (durations.some((d) => d !== null && d > windows.graceTooSlow)) faults.push('too-slow');
  return {
    melody: melody.index,
    code: melody.embellishment,
    family: melody.family,
    bar: melody.bar,
    verdict: faults[0] ?? 'complete',
    missing: reordered ? [] : missing,
    noise: reordered ? [] : noise.map((n) => n.note),
    graceDurations: durations,
    faults,
  };
}
