/**
 * A performance of expected events with known mistakes and the verdicts it deserves: the
 * ground truth of the follower's unit tests and of `npm run bench:playalong` (issue 14
 * items 2 and 7). Pure: plain notes out, which a test feeds to the follower directly and the
 * benchmark renders to audio.
 *
 * How a piper's mistakes are laid out in time (and so what the truth is):
 *  - A movement starts on its beat (graces on the beat, as the tune player plays them); its
 *    graces keep their own length whatever the tempo, and the melody note sounds until the
 *    next movement starts (a chanter never stops, except at a written rest).
 *  - A dropped grace note: the rest of the movement moves up to the beat and the melody note
 *    starts that much sooner (the beat itself does not move).
 *  - A skipped note: its whole movement is left out and the note before is held on.
 *  - An extra note: sounds over the last EXTRA_SHARE of a melody note, then the music goes on.
 *  - Early or late: the whole movement moves; the note before is shortened or held on.
 *  - Tempo drift: the piper's tempo changes evenly from 1 to 1 + drift over the performance.
 */
import type { Pitch } from '../../notes.ts';
import type { ExpectedEvent } from '../expectedEvents.ts';
import type { EmbellishmentVerdict, EventVerdict } from '../judgement.ts';
import { timingVerdict, type JudgeWindows } from '../judgeWindows.ts';
import type { Random } from '../../random.ts';

export type Mistake =
  | { readonly kind: 'wrong'; readonly melody: number; readonly pitch: Pitch }
  | { readonly kind: 'skip'; readonly melody: number }
  | { readonly kind: 'extra'; readonly melody: number; readonly pitch: Pitch }
  | { readonly kind: 'shift'; readonly melody: number; readonly seconds: number }
  | { readonly kind: 'drop-grace'; readonly grace: number }
  | { readonly kind: 'swap-graces'; readonly grace: number }
  | {
      readonly kind: 'noise';
      readonly melody: number;
      readonly pitch: Pitch;
      readonly seconds: number;
    }
  | { readonly kind: 'slow-graces'; readonly melody: number; readonly seconds: number };

export interface PlannedNote {
  readonly pitch: Pitch;
  readonly onset: number;
  readonly duration: number;
}

export interface Truth {
  /** Verdict per expected melody index. */
  readonly melody: ReadonlyMap<number, EventVerdict>;
  /** Verdict per melody index of an embellished note. */
  readonly embellishments: ReadonlyMap<number, EmbellishmentVerdict>;
  /** Expected grace indices left out. */
  readonly missingGraces: ReadonlySet<number>;
  readonly extras: readonly PlannedNote[];
}

export interface PlanOptions {
  /** Seconds of the performance clock where score time 0 sounds. */
  readonly start?: number;
  /** Performance seconds per score second at the start. */
  readonly rate?: number;
  /** Relative tempo change by the end (0.1: 10% faster; the rate falls by 1/1.1). */
  readonly drift?: number;
  readonly windows: JudgeWindows;
  /**
   * A human touch: every movement starts up to ±HUMAN_JITTER off its beat and every grace
   * note lasts 75–125% of the table's length (pipers are not metronomes). The truth of a
   * shifted note is then judged on its whole offset.
   */
  readonly humanise?: Random;
}

export const HUMAN_JITTER = 0.01;

/** Share of a melody note an extra note takes over (its end). */
export const EXTRA_SHARE = 0.4;

interface Group {
  readonly melody: ExpectedEvent;
  readonly graces: ExpectedEvent[];
}

function groupsOf(events: readonly ExpectedEvent[]): Group[] {
  const groups: Group[] = [];
  let graces: ExpectedEvent[] = [];
  for (const e of events) {
    if (e.kind === 'grace') graces.push(e);
    else {
      groups.push({ melody: e, graces });
      graces = [];
    }
  }
  return groups;
}

/** The planned notes of a performance with `mistakes`, same-pitch neighbours joined. */
export function plannedPerformance(
  events: readonly ExpectedEvent[],
  mistakes: readonly Mistake[],
  options: PlanOptions,
): { notes: PlannedNote[]; truth: Truth } {
  const start = options.start ?? 0;
  const rate = options.rate ?? 1;
  const drift = options.drift ?? 0;
  const end = events.reduce((m, e) => Math.max(m, e.time + e.duration), 0);
  // Tempo factor 1 → 1 + drift evenly in score time: the rate is its inverse, integrated.
  const warp = (t: number) => {
    if (drift === 0 || end === 0) return start + rate * t;
    const k = drift / end;
    return start + (rate * Math.log(1 + k * t)) / k;
  };
  const melodyTruth = new Map<number, EventVerdict>();
  const embTruth = new Map<number, EmbellishmentVerdict>();
  const missingGraces = new Set<number>();
  const extras: PlannedNote[] = [];
  const groups = groupsOf(events);
  const by = <K extends Mistake['kind']>(kind: K) =>
    mistakes.filter((m): m is Extract<Mistake, { kind: K }> => m.kind === kind);

  const notes: PlannedNote[] = [];
  groups.forEach((group, g) => {
    const m = group.melody;
    const first = group.graces[0] ?? m;
    melodyTruth.set(m.index, 'correct');
    if (group.graces.length > 0 && m.embellishment) embTruth.set(m.index, 'complete');
    if (by('skip').some((x) => x.melody === m.index)) {
      melodyTruth.set(m.index, 'missed');
      for (const gr of group.graces) missingGraces.add(gr.index);
      if (group.graces.length > 0 && m.embellishment) embTruth.set(m.index, 'missing-graces');
      return;
    }
    const human = options.humanise;
    const injected = by('shift').find((x) => x.melody === m.index)?.seconds ?? 0;
    const shift = injected + (human ? (2 * human() - 1) * HUMAN_JITTER : 0);
    if (injected !== 0) {
      const verdict = timingVerdict(shift, options.windows);
      melodyTruth.set(m.index, verdict === 'early' || verdict === 'late' ? verdict : 'correct');
    }
    const beat = warp(first.time) + shift;
    // The movement's notes in order, with their own (unstretched) lengths.
    let graces: { pitch: Pitch; duration: number; index: number }[] = group.graces.map((gr) => ({
      pitch: gr.pitch,
      duration: gr.duration * (human ? 0.75 + 0.5 * human() : 1),
      index: gr.index,
    }));
    for (const drop of by('drop-grace')) {
      if (graces.some((x) => x.index === drop.grace)) {
        graces = graces.filter((x) => x.index !== drop.grace);
        missingGraces.add(drop.grace);
        embTruth.set(m.index, 'missing-graces');
      }
    }
    for (const swap of by('swap-graces')) {
      const i = graces.findIndex((x) => x.index === swap.grace);
      if (i >= 0 && i + 1 < graces.length) {
        [graces[i], graces[i + 1]] = [graces[i + 1]!, graces[i]!];
        embTruth.set(m.index, 'wrong-order');
      }
    }
    const slow = by('slow-graces').find((x) => x.melody === m.index);
    if (slow) {
      graces = graces.map((x) => ({ ...x, duration: slow.seconds }));
      if (embTruth.get(m.index) === 'complete') embTruth.set(m.index, 'too-slow');
    }
    const noise = by('noise').find((x) => x.melody === m.index);
    const sounds: { pitch: Pitch; duration: number; noise?: true }[] = [...graces];
    if (noise) {
      // Between the movement's first and second notes, where fingers cross.
      sounds.splice(Math.min(1, sounds.length), 0, {
        pitch: noise.pitch,
        duration: noise.seconds,
        noise: true,
      });
      if (embTruth.get(m.index) === 'complete') embTruth.set(m.index, 'crossing-noise');
    }
    // The note before sounds until this movement starts (held on or cut short), unless a
    // rest was written between them.
    const previous = notes.at(-1);
    const nextGroup = groups[g + 1];
    if (previous && previous.onset + previous.duration > beat - 1e-9) {
      notes[notes.length - 1] = { ...previous, duration: Math.max(0.005, beat - previous.onset) };
    } else if (previous && g > 0) {
      const before = groups[g - 1]!.melody;
      const restWritten = before.time + before.duration < first.time - 1e-6;
      if (!restWritten) notes[notes.length - 1] = { ...previous, duration: beat - previous.onset };
    }
    let at = beat;
    for (const s of sounds) {
      const note = { pitch: s.pitch, onset: at, duration: s.duration };
      notes.push(note);
      if (s.noise) extras.push(note);
      at += s.duration;
    }
    const nominalEnd = warp(m.time + m.duration) + shift;
    const nextBeat = nextGroup ? warp((nextGroup.graces[0] ?? nextGroup.melody).time) : nominalEnd;
    const melodyEnd = Math.max(at + 0.005, Math.min(nominalEnd, nextBeat));
    const wrong = by('wrong').find((x) => x.melody === m.index);
    if (wrong) melodyTruth.set(m.index, 'wrong');
    const pitch = wrong?.pitch ?? m.pitch;
    const extra = by('extra').find((x) => x.melody === m.index);
    if (extra) {
      const split = melodyEnd - EXTRA_SHARE * (melodyEnd - at);
      notes.push({ pitch, onset: at, duration: split - at });
      notes.push({ pitch: extra.pitch, onset: split, duration: melodyEnd - split });
      extras.push({ pitch: extra.pitch, onset: split, duration: melodyEnd - split });
    } else notes.push({ pitch, onset: at, duration: melodyEnd - at });
  });
  return {
    notes: joinSamePitch(notes),
    truth: { melody: melodyTruth, embellishments: embTruth, missingGraces, extras },
  };
}

/** A chanter cannot re-articulate a pitch without a grace: neighbours of one pitch are one sound. */
export function joinSamePitch(notes: readonly PlannedNote[]): PlannedNote[] {
  const out: PlannedNote[] = [];
  for (const note of notes) {
    const last = out.at(-1);
    if (
      last &&
      last.pitch === note.pitch &&
      Math.abs(last.onset + last.duration - note.onset) < 1e-6
    ) {
      out[out.length - 1] = { ...last, duration: note.onset + note.duration - last.onset };
    } else out.push(note);
  }
  return out;
}
