/**
 * Scoring of bench/playalong.bench.ts: one judge's verdicts against the truth of a planned
 * performance (recall per injected mistake, false alarms on untouched notes and movements,
 * grace recall, recovery after a skip or an extra note).
 */
import type { ExpectedEvent } from '../src/music/playAlong/expectedEvents.ts';
import type { JudgeWindows } from '../src/music/playAlong/judgeWindows.ts';
import type { Truth } from '../src/music/playAlong/testing/plannedPerformance.ts';
import type { MistakeKind, PlacedMistake } from './playalongMistakes.ts';

/** Counts of hits over trials, per judge. */
export class Tally {
  hits = 0;
  trials = 0;
  add(hit: boolean) {
    this.trials++;
    if (hit) this.hits++;
  }
  get rate() {
    return this.trials === 0 ? null : this.hits / this.trials;
  }
}
export interface JudgeTallies {
  melody: Tally;
  recall: Map<MistakeKind, Tally>;
  falseAlarm: Map<string, Tally>;
  timingFlagged: Tally;
  graceRecall: Tally;
  missingGraceRecall: Tally;
  missingGraceFalseAlarmClean: Tally;
  recovery: number[];
}
export const newTallies = (): JudgeTallies => ({
  melody: new Tally(),
  recall: new Map(),
  falseAlarm: new Map(),
  timingFlagged: new Tally(),
  graceRecall: new Tally(),
  missingGraceRecall: new Tally(),
  missingGraceFalseAlarmClean: new Tally(),
  recovery: [],
});
export const tally = (map: Map<string, Tally>, key: string) => {
  let t = map.get(key);
  if (!t) map.set(key, (t = new Tally()));
  return t;
};

export interface Verdicts {
  melody: (index: number) => string | undefined;
  offset: (index: number) => number | null;
  graceHeard: (index: number) => boolean;
  embellishment: (melody: number) => string | undefined;
  extraNear: (onset: number) => boolean;
}

export function score(
  t: JudgeTallies,
  v: Verdicts,
  truth: Truth,
  placed: readonly PlacedMistake[],
  events: readonly ExpectedEvent[],
  condition: string,
  windows: JudgeWindows,
  /** Told of each mistake this judge did not name (BENCH_DEBUG). */
  log?: (message: string) => void,
) {
  const touched = new Set(placed.map((p) => p.melody));
  for (const [index, expected] of truth.melody) {
    const got = v.melody(index);
    t.melody.add(got === expected);
    if (!touched.has(index) && expected === 'correct') {
      for (const kind of ['wrong', 'missed', 'early', 'late'])
        tally(t.falseAlarm, kind).add(got === kind);
    }
  }
  for (const p of placed) {
    const got = v.melody(p.melody);
    const r = tally(t.recall as Map<string, Tally>, p.kind);
    const hitsBefore = r.hits;
    if (p.kind === 'wrong') r.add(got === 'wrong');
    else if (p.kind === 'skip') r.add(got === 'missed');
    else if (p.kind === 'early' || p.kind === 'late') {
      r.add(got === p.kind || (truth.melody.get(p.melody) === 'correct' && got === 'correct'));
      const offset = v.offset(p.melody);
      const size = p.mistake.kind === 'shift' ? p.mistake.seconds : 0;
      t.timingFlagged.add(
        offset !== null &&
          Math.sign(offset) === Math.sign(size) &&
          Math.abs(offset) > windows.onTime,
      );
    } else if (p.kind === 'extra') {
      // Long extras are the 'extra' mistakes, in order (short ones are crossing noise).
      const nth = placed.filter((q) => q.kind === 'extra').indexOf(p);
      const extra = truth.extras.filter((x) => x.duration > 0.05)[nth];
      r.add(extra ? v.extraNear(extra.onset) : false);
    } else if (p.kind === 'drop-grace' && p.mistake.kind === 'drop-grace') {
      r.add(!v.graceHeard(p.mistake.grace));
      t.missingGraceRecall.add(!v.graceHeard(p.mistake.grace));
    } else if (p.kind === 'swap-graces') r.add(v.embellishment(p.melody) === 'wrong-order');
    else if (p.kind === 'noise') r.add(v.embellishment(p.melody) === 'crossing-noise');
    else if (p.kind === 'slow-graces') r.add(v.embellishment(p.melody) === 'too-slow');
    if (log && r.hits === hitsBefore) {
      const near = events.filter((e) => Math.abs(e.index - p.melody) <= 6);
      log(
        `MISS ${p.kind} at ${p.melody} (${condition}): ${JSON.stringify(p.mistake)}\n  ` +
          near
            .map(
              (e) =>
                `${e.index}${e.kind === 'grace' ? 'g' : ''}${e.pitch}:${v.melody(e.index) ?? (v.graceHeard(e.index) ? 'heard' : '-')}`,
            )
            .join(' '),
      );
    }
    // Recovery after a skip or an extra note: notes after it misjudged before the first right one.
    if (p.kind === 'skip' || p.kind === 'extra') {
      const nextMistake = placed.find((q) => q.melody > p.melody)?.melody ?? Infinity;
      let misjudged = 0;
      for (const e of events) {
        if (e.kind !== 'melody' || e.index <= p.melody || e.index >= nextMistake) continue;
        if (v.melody(e.index) === truth.melody.get(e.index)) break;
        misjudged++;
      }
      t.recovery.push(misjudged);
      if (log && misjudged > 2)
        log(`RECOVERY ${misjudged} notes after ${p.kind} at ${p.melody} (${condition})`);
    }
  }
  for (const [melody, expected] of truth.embellishments) {
    if (expected !== 'complete') continue;
    const got = v.embellishment(melody);
    for (const kind of ['missing-graces', 'wrong-order', 'crossing-noise', 'too-slow']) {
      tally(t.falseAlarm, `embellishment ${kind}`).add(got === kind);
    }
    if (condition === 'clean') t.missingGraceFalseAlarmClean.add(got === 'missing-graces');
  }
  for (const e of events) {
    if (e.kind === 'grace' && !truth.missingGraces.has(e.index) && !touched.has(e.melody)) {
      t.graceRecall.add(v.graceHeard(e.index));
    }
  }
}
