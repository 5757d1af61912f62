/**
 * The baseline of bench/playalong.bench.ts (issue 14 item 7: 'a naive judge — nearest note
 * at the expected time'): no alignment and no tempo tracking. The performance starts at its
 * first note (as for the follower) and every expected event is looked for at its nominal
 * time: the heard note (not a grace-length blip) whose onset is nearest decides the melody verdict (its pitch, its
 * offset); a grace note is heard if a note of its pitch starts within GRACE_SLACK of it.
 */
import type { ExpectedEvent } from '../src/music/playAlong/expectedEvents.ts';
import type { EventVerdict } from '../src/music/playAlong/judgement.ts';
import { timingVerdict, type JudgeWindows } from '../src/music/playAlong/judgeWindows.ts';
import type { PerformedEvent } from '../src/music/playAlong/performedEvent.ts';

const GRACE_SLACK = 0.05;
/** To be fair to it, it does not take a grace-length blip for a melody note. */
const MELODY_MIN = 0.05;
/** Farther than this from any onset, the note counts as missed. */
const MISS = 0.5;

export interface NaiveVerdicts {
  readonly melody: Map<number, EventVerdict>;
  readonly offsets: Map<number, number>;
  readonly gracesHeard: Set<number>;
}

export function naiveJudge(
  expected: readonly ExpectedEvent[],
  heard: readonly PerformedEvent[],
  rate: number,
  windows: JudgeWindows,
): NaiveVerdicts {
  const start = heard[0]?.onset ?? 0;
  const melody = new Map<number, EventVerdict>();
  const offsets = new Map<number, number>();
  const gracesHeard = new Set<number>();
  for (const e of expected) {
    const at = start + rate * e.time;
    if (e.kind === 'grace') {
      const slack = GRACE_SLACK + e.duration;
      if (heard.some((h) => h.note === e.pitch && Math.abs(h.onset - at) <= slack))
        gracesHeard.add(e.index);
      continue;
    }
    let nearest: PerformedEvent | null = null;
    for (const h of heard) {
      if (h.duration < MELODY_MIN) continue;
      if (!nearest || Math.abs(h.onset - at) < Math.abs(nearest.onset - at)) nearest = h;
    }
    if (!nearest || Math.abs(nearest.onset - at) > MISS) {
      melody.set(e.index, 'missed');
      continue;
    }
    const offset = nearest.onset - at;
    offsets.set(e.index, offset);
    if (nearest.note !== e.pitch) melody.set(e.index, 'wrong');
    else {
      const t = timingVerdict(offset, windows);
      melody.set(e.index, t === 'early' || t === 'late' ? t : 'correct');
    }
  }
  return { melody, offsets, gracesHeard };
}
