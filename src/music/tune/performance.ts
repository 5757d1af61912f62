/**
 * A tune as it is played: a flat list of timed pitches for the player (issue 6 'Playback').
 * Pure (DESIGN habit 4): Tune + tempo in, plain numbers out.
 *
 * What 'as it is played' means here:
 *  - Note values: a crotchet lasts 60/bpm s (Tune.tempo is crotchets per minute, as BWW's
 *    TuneTempo); a dot adds half, a double dot three quarters; a tuplet of `actual` in the time
 *    of `normal` scales its notes by normal/actual.
 *  - Ties join notes of the same pitch into one sound: a chanter cannot re-articulate without
 *    a gracenote, so a tied note is simply held (the cursor stays on the first note).
 *  - Rests are silence (the player lets the chanter stop).
 *  - Repeats: a part closing with a repeat sign is played twice; on its second time the
 *    bars under a '1' time line are skipped and those under a '2' line are played.
 *  - Fermatas hold the note FERMATA_FACTOR times its value (pipers hold a pause about double).
 *  - Embellishments become grace events timed by ./graceTiming.ts (not one smoothing factor).
 */
import type { Pitch } from '../notes.ts';
import { graceNotes } from './embellishments.ts';
import { graceDurations, type GraceAnchor } from './graceTiming.ts';
import type { Bar, Note, Rest, TimeSignature, Tune } from './tune.ts';

export interface PerformanceEvent {
  readonly pitch: Pitch;
  readonly startSeconds: number;
  readonly durationSeconds: number;
  readonly grace: boolean;
  /** Index into notesOf(tune) of the melody note (for a grace: the note it embellishes). */
  readonly noteIndex: number;
  /** Index into tune.parts of the part the note is in. */
  readonly partIndex: number;
}

export interface Performance {
  readonly bpm: number;
  readonly events: readonly PerformanceEvent[];
  /** Length of the whole performance, including a closing rest. */
  readonly durationSeconds: number;
}

export interface PerformanceOptions {
  /** Crotchets per minute; default: the tune's own tempo, else DEFAULT_BPM. */
  readonly bpm?: number;
  /** Play only this part (index into tune.parts), with its repeats: for 'loop a part'. */
  readonly part?: number | null;
  readonly graceAnchor?: GraceAnchor;
}

/** Tempo when a file gives none: a steady learner's march tempo. */
export const DEFAULT_BPM = 80;
export const FERMATA_FACTOR = 2;
export const MIN_BPM = 20;
export const MAX_BPM = 240;

export function tuneBpm(tune: Tune): number {
  const t = tune.tempo;
  return t !== null && t >= MIN_BPM && t <= MAX_BPM ? t : DEFAULT_BPM;
}

/** Note value in crotchets: 4/duration, with dots. */
export function crotchets(item: Pick<Note | Rest, 'duration' | 'dots'>): number {
  const base = 4 / item.duration;
  return item.dots === 2 ? base * 1.75 : item.dots === 1 ? base * 1.5 : base;
}

interface PageBar {
  readonly bar: Bar;
  readonly partIndex: number;
  /** Index into notesOf(tune) of the bar's first note. */
  readonly firstNote: number;
  /**
   * The time line ('1', '2', '22', 'intro' …) over each item of the bar, null when none.
   * Per item, not per bar: BWW files often put both endings inside one bar
   * ("'1 brl LA_4 _' '2 brl LA_4 _' ''!I").
   */
  readonly endings: readonly (string | null)[];
  /**
   * The written tempo over each item of the bar: the tune's own, or the last `TuneTempo`
   * change before it on the page (issue 15 item 9, 'a tempo change from that bar on').
   */
  readonly tempos: readonly number[];
}

function pageBars(tune: Tune): PageBar[] {
  const out: PageBar[] = [];
  let noteIndex = 0;
  let ending: string | null = null;
  let tempo = tuneBpm(tune);
  tune.parts.forEach((part, partIndex) => {
    for (const line of part.lines) {
      for (const bar of line.bars) {
        const endings = bar.items.map((item) => {
          if (item.kind === 'timeline') ending = item.label;
          else if (item.kind === 'timeline-end') ending = null;
          return ending;
        });
        const tempos = bar.items.map((item) => {
          if (item.kind === 'tempo' && item.bpm >= MIN_BPM && item.bpm <= MAX_BPM) tempo = item.bpm;
          return tempo;
        });
        out.push({ bar, partIndex, firstNote: noteIndex, endings, tempos });
        noteIndex += bar.items.filter((i) => i.kind === 'note').length;
      }
    }
  });
  return out;
}

const isFirstTime = (label: string | null) => label?.startsWith('1') ?? false;
const isSecondTime = (label: string | null) => label?.startsWith('2') ?? false;

/** One bar to play: which bar, and whether this is the second time through its repeat. */
export interface PlayStep {
  readonly index: number;
  readonly secondTime: boolean;
  /** The bar is in a section that ends with a repeat sign still to be taken. */
  readonly beforeRepeat: boolean;
}

/**
 * The order bars are played in (indices into `bars`), unrolling repeats. Each repeat sign
 * sends the music back once, so the walk always ends whatever the file says.
 */
export function playOrder(bars: readonly Pick<PageBar, 'bar' | 'endings'>[]): PlayStep[] {
  // Whether the section holding bar i ends with a repeat sign (scanning back from the end).
  const endsWithRepeat: boolean[] = [];
  let next = false;
  for (let i = bars.length - 1; i >= 0; i--) {
    const close = bars[i]!.bar.close;
    if (close === 'repeat') next = true;
    else if (close === 'part') next = false;
    endsWithRepeat[i] = next;
  }
  const steps: PlayStep[] = [];
  const jumped = new Set<number>();
  let repeatStart = 0;
  let secondTime = false;
  /** The last repeat sign taken; past it, a bar with no time line ends the second time. */
  let lastJump = -1;
  let i = 0;
  while (i < bars.length) {
    const { bar, endings } = bars[i]!;
    if ((bar.open === 'repeat' || bar.open === 'part') && i !== repeatStart) {
      repeatStart = i;
      secondTime = false;
    }
    if (i > lastJump && endings.every((e) => e === null)) secondTime = false;
    const beforeRepeat = endsWithRepeat[i]! && !jumped.has(i) && !secondTime;
    steps.push({ index: i, secondTime, beforeRepeat });
    if (bar.close === 'repeat' && !jumped.has(i)) {
      jumped.add(i);
      lastJump = i;
      secondTime = true;
      i = repeatStart;
      continue;
    }
    // After a part or a repeat, the next bar starts a new section ('2' time lines still play).
    if (bar.close === 'repeat' || bar.close === 'part') repeatStart = i + 1;
    i++;
  }
  return steps;
}

/** Whether an item under time line `label` sounds on this step (see playOrder). */
function sounds(label: string | null, step: PlayStep): boolean {
  if (isFirstTime(label)) return !step.secondTime;
  if (isSecondTime(label)) return !step.beforeRepeat;
  return true;
}

interface Melody {
  pitch: Pitch;
  start: number;
  duration: number;
  noteIndex: number;
  partIndex: number;
  note: Note;
  /** Previous sounding melody pitch (through rests), for grace context. */
  prev: Pitch | null;
  /** Index of the melody sound just before, when it ends exactly where this one starts. */
  adjacentPrev: number | null;
}

/** Turns a tune into timed events (see the module comment). */
export function performTune(tune: Tune, options: PerformanceOptions = {}): Performance {
  const bpm = options.bpm !== undefined && options.bpm > 0 ? options.bpm : tuneBpm(tune);
  const anchor = options.graceAnchor ?? 'on-beat';
  // A written tempo change scales with the tempo the player chose (80% of the tune stays 80%).
  const scale = bpm / tuneBpm(tune);
  const all = pageBars(tune);
  const part = options.part ?? null;
  const selected = part === null ? all : all.filter((b) => b.partIndex === part);

  const melody: Melody[] = [];
  let t = 0;
  let tuplet = 1;
  let tieOpen = false;
  let prevPitch: Pitch | null = null;
  let lastEnd: number | null = null;

  for (const step of playOrder(selected)) {
    const pageBar = selected[step.index]!;
    let noteIndex = pageBar.firstNote;
    for (const [itemIndex, item] of pageBar.bar.items.entries()) {
      if (item.kind !== 'note' && item.kind !== 'rest') continue;
      if (!sounds(pageBar.endings[itemIndex] ?? null, step)) {
        if (item.kind === 'note') noteIndex++;
        continue;
      }
      if (item.tupletStart) tuplet = item.tupletStart.normal / item.tupletStart.actual;
      const crotchet = 60 / ((pageBar.tempos[itemIndex] ?? tuneBpm(tune)) * scale);
      let length = crotchets(item) * crotchet * tuplet;
      if (item.tupletEnd) tuplet = 1;
      if (item.kind === 'rest') {
        tieOpen = false;
        t += length;
        continue;
      }
      if (item.fermata) length *= FERMATA_FACTOR;
      const last = melody.at(-1);
      if (tieOpen && last && last.pitch === item.pitch && lastEnd === t) {
        last.duration += length;
      } else {
        melody.push({
          pitch: item.pitch,
          start: t,
          duration: length,
          noteIndex,
          partIndex: pageBar.partIndex,
          note: item,
          prev: prevPitch,
          adjacentPrev: last && lastEnd === t ? melody.length - 1 : null,
        });
        prevPitch = item.pitch;
      }
      tieOpen = item.tie;
      t += length;
      lastEnd = t;
      noteIndex++;
    }
  }

  // Graces: on the beat they delay the melody note; before the beat they shorten the one before.
  const starts = melody.map((m) => m.start);
  const lengths = melody.map((m) => m.duration);
  const graces: PerformanceEvent[] = [];
  melody.forEach((m, k) => {
    const groups = m.note.embellishments
      .map((e) => ({ family: e.family, pitches: graceNotes(e, { prev: m.prev, note: m.pitch }) }))
      .filter((g) => g.pitches.length > 0);
    if (groups.length === 0) return;
    const before = anchor === 'before-beat' && m.adjacentPrev !== null;
    const hostIndex = before ? m.adjacentPrev! : k;
    // Several embellishments on one note (rare) share the room, each in its own shape.
    const timed = groups.flatMap((g) => {
      const d = graceDurations(
        g.family,
        g.pitches.length,
        bpm,
        lengths[hostIndex]! / groups.length,
      );
      return g.pitches.map((pitch, i) => ({ pitch, seconds: d[i] ?? 0 }));
    });
    const durations = timed.map((x) => x.seconds);
    const total = durations.reduce((a, b) => a + b, 0);
    let at = before ? m.start - total : m.start;
    if (before) lengths[hostIndex]! -= total;
    else {
      starts[k]! += total;
      lengths[k]! -= total;
    }
    timed.forEach(({ pitch, seconds: d }) => {
      graces.push({
        pitch,
        startSeconds: at,
        durationSeconds: d,
        grace: true,
        noteIndex: m.noteIndex,
        partIndex: m.partIndex,
      });
      at += d;
    });
  });

  const events: PerformanceEvent[] = [
    ...graces,
    ...melody.map((m, k) => ({
      pitch: m.pitch,
      startSeconds: starts[k]!,
      durationSeconds: lengths[k]!,
      grace: false,
      noteIndex: m.noteIndex,
      partIndex: m.partIndex,
    })),
  ].sort((a, b) => a.startSeconds - b.startSeconds || Number(b.grace) - Number(a.grace));
  return { bpm, events, durationSeconds: t };
}

/** The first time signature of a tune (on a line or in a bar), 2/4 when none is written. */
export function firstTimeSignature(tune: Tune): TimeSignature {
  for (const part of tune.parts) {
    for (const line of part.lines) {
      if (line.time) return line.time;
      for (const bar of line.bars) {
        const time = bar.items.find((i): i is TimeSignature => i.kind === 'time');
        if (time) return time;
      }
    }
  }
  return { kind: 'time', beats: 2, beatType: 4, symbol: null };
}

/**
 * The count-in: one bar of clicks as a piper counts it — compound times (6/8, 9/8, 12/8) in
 * dotted crotchets, others in the written beat. Returns click offsets in seconds from the
 * start of the count-in and the count-in's length.
 */
export function countIn(
  time: TimeSignature,
  bpm: number,
): { clicks: readonly number[]; durationSeconds: number } {
  const crotchet = 60 / bpm;
  const compound = time.beatType === 8 && time.beats % 3 === 0 && time.beats > 3;
  const count = compound ? time.beats / 3 : Math.max(1, time.beats);
  const beat = compound ? 1.5 * crotchet : (4 / time.beatType) * crotchet;
  return {
    clicks: Array.from({ length: count }, (_, i) => i * beat),
    durationSeconds: count * beat,
  };
}
