/**
 * The review of a play-along run (issue 14 item 4 'Afterwards a review'): counts per bar and
 * per embellishment family, melody accuracy, and the weakest bars to offer as a loop. Pure,
 * from the judge's verdicts (./judgement.ts); the same shape is kept in the run history that a
 * later issue charts.
 */
import type { EmbellishmentFamily } from '../tune/tune.ts';
import type { EmbellishmentJudgement, EventJudgement, EventVerdict } from './judgement.ts';

export type VerdictCounts = Readonly<Record<EventVerdict, number>>;

export interface BarSummary {
  readonly bar: number;
  /** Melody notes by verdict. */
  readonly notes: VerdictCounts;
  readonly embellishments: number;
  /** Embellishments with any fault. */
  readonly embellishmentFaults: number;
}

export interface FamilySummary {
  readonly family: EmbellishmentFamily;
  readonly total: number;
  readonly complete: number;
  readonly missingGraces: number;
  readonly wrongOrder: number;
  readonly crossingNoise: number;
  readonly tooSlow: number;
}

export interface RunSummary {
  readonly bars: readonly BarSummary[];
  readonly families: readonly FamilySummary[];
  /** Melody notes played right (correct, or only early/late: the right pitch) / all judged. */
  readonly melodyAccuracy: number;
  /** Melody notes on time or good / all judged. */
  readonly timingAccuracy: number;
  /** Bars with faults, worst first (at most WEAKEST_BARS), for 'loop these bars'. */
  readonly weakestBars: readonly number[];
}

export const WEAKEST_BARS = 3;

const zero = (): Record<EventVerdict, number> => ({
  correct: 0,
  early: 0,
  late: 0,
  wrong: 0,
  missed: 0,
});

/** A bar's weight of faults: a wrong or missed note counts double a mistimed one. */
function faultScore(b: BarSummary): number {
  return (
    2 * (b.notes.wrong + b.notes.missed) + b.notes.early + b.notes.late + b.embellishmentFaults
  );
}

export function summariseRun(
  events: readonly EventJudgement[],
  embellishments: readonly EmbellishmentJudgement[],
): RunSummary {
  const bars = new Map<
    number,
    { notes: Record<EventVerdict, number>; emb: number; faults: number }
  >();
  const barOf = (bar: number) => {
    let b = bars.get(bar);
    if (!b) bars.set(bar, (b = { notes: zero(), emb: 0, faults: 0 }));
    return b;
  };
  let melody = 0;
  let rightPitch = 0;
  let onTime = 0;
  for (const e of events) {
    if (e.expected.kind !== 'melody') continue;
    barOf(e.expected.bar).notes[e.verdict]++;
    melody++;
    if (e.verdict === 'correct' || e.verdict === 'early' || e.verdict === 'late') rightPitch++;
    if (e.verdict === 'correct') onTime++;
  }
  const families = new Map<EmbellishmentFamily, Omit<FamilySummary, 'family'> & {}>();
  for (const j of embellishments) {
    const b = barOf(j.bar);
    b.emb++;
    if (j.verdict !== 'complete') b.faults++;
    const f = families.get(j.family) ?? {
      total: 0,
      complete: 0,
      missingGraces: 0,
      wrongOrder: 0,
      crossingNoise: 0,
      tooSlow: 0,
    };
    families.set(j.family, {
      total: f.total + 1,
      complete: f.complete + (j.verdict === 'complete' ? 1 : 0),
      missingGraces: f.missingGraces + (j.verdict === 'missing-graces' ? 1 : 0),
      wrongOrder: f.wrongOrder + (j.verdict === 'wrong-order' ? 1 : 0),
      crossingNoise: f.crossingNoise + (j.verdict === 'crossing-noise' ? 1 : 0),
      tooSlow: f.tooSlow + (j.verdict === 'too-slow' ? 1 : 0),
    });
  }
  const barList: BarSummary[] = [...bars.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([bar, b]) => ({
      bar,
      notes: b.notes,
      embellishments: b.emb,
      embellishmentFaults: b.faults,
    }));
  const weakestBars = barList
    .filter((b) => faultScore(b) > 0)
    .sort((a, b) => faultScore(b) - faultScore(a) || a.bar - b.bar)
    .slice(0, WEAKEST_BARS)
    .map((b) => b.bar);
  return {
    bars: barList,
    families: [...families.entries()].map(([family, f]) => ({ family, ...f })),
    melodyAccuracy: melody === 0 ? 0 : rightPitch / melody,
    timingAccuracy: melody === 0 ? 0 : onTime / melody,
    weakestBars,
  };
}
