/**
 * What the pipe score draws, decided without VexFlow (issue 6 item 5): for each tune line and
 * bar, the notes as VexFlow keys and durations, their grace notes, beams, tuplets, ties, the bar
 * lines, time signatures and time-line (ending) brackets. Pure, tested with plain values;
 * ./drawScore.ts only turns it into VexFlow objects.
 */
import { graceNotes } from '../../../music/tune/embellishments.ts';
import type {
  Accidental,
  BarClose,
  BarOpen,
  TimeSignature,
  Tune,
} from '../../../music/tune/tune.ts';
import { beamGroups } from './beamGroups.ts';
import { staffKey, vexDuration } from './vexKeys.ts';

export interface ScoreNote {
  /** Index into `notesOf(tune)` (the playback cursor's numbering); null for a rest. */
  readonly noteIndex: number | null;
  /** VexFlow key ('d/5'); rests sit on the middle line ('b/4'). */
  readonly key: string;
  /** VexFlow duration code ('q', '8', '16'). */
  readonly duration: string;
  readonly rest: boolean;
  readonly dots: number;
  /** Grace-note keys written before the note, in order (embellishments expanded). */
  readonly graces: readonly string[];
  /** Tied to the next note of the tune. */
  readonly tie: boolean;
  readonly fermata: boolean;
  readonly accidental: Accidental | null;
}

export interface ScoreTuplet {
  /** Indices into the bar's notes, first and last of the group. */
  readonly first: number;
  readonly last: number;
  readonly actual: number;
  readonly normal: number;
}

export interface ScoreEnding {
  /** As written after the quote: '1', '2', '24', 'intro'. */
  readonly label: string;
  /** The bracket opens over this bar (drawn with its label). */
  readonly starts: boolean;
  /** The bracket closes over this bar (drawn with its end hook). */
  readonly ends: boolean;
}

export interface ScoreBar {
  readonly open: BarOpen;
  readonly close: BarClose;
  /** A time signature to draw at the start of this bar. */
  readonly time: TimeSignature | null;
  readonly notes: readonly ScoreNote[];
  readonly beams: readonly (readonly number[])[];
  readonly tuplets: readonly ScoreTuplet[];
  readonly ending: ScoreEnding | null;
}

export interface ScoreLine {
  readonly bars: readonly ScoreBar[];
}

const sameTime = (a: TimeSignature | null, b: TimeSignature | null) =>
  a !== null &&
  b !== null &&
  a.beats === b.beats &&
  a.beatType === b.beatType &&
  a.symbol === b.symbol;

interface Draft {
  open: BarOpen;
  close: BarClose;
  time: TimeSignature | null;
  notes: ScoreNote[];
  beamInfo: { beam: 'left' | 'right' | null; duration: number | null }[];
  tuplets: ScoreTuplet[];
  endingLabel: string | null;
}

const strongerClose = (a: BarClose, b: BarClose): BarClose => {
  const rank: readonly BarClose[] = [null, 'line', 'bar', 'double', 'part', 'repeat'];
  return rank.indexOf(b) > rank.indexOf(a) ? b : a;
};

/**
 * Drops bars that hold no note or rest (a BWW line often opens with a bar line before its first
 * note): drawn, they are empty boxes. What they carry moves to a neighbour — a repeat start and
 * a time signature to the next bar, a closing bar line to the previous one.
 */
function withoutEmptyBars(drafts: readonly Draft[]): Draft[] {
  const kept: Draft[] = [];
  let carryOpen: BarOpen = null;
  let carryTime: TimeSignature | null = null;
  for (const draft of drafts) {
    if (draft.notes.length === 0) {
      const previous = kept[kept.length - 1];
      if (previous) previous.close = strongerClose(previous.close, draft.close);
      carryOpen = draft.open ?? carryOpen;
      carryTime = draft.time ?? carryTime;
      continue;
    }
    if (carryOpen && !draft.open) draft.open = carryOpen;
    if (carryTime && !draft.time) draft.time = carryTime;
    carryOpen = null;
    carryTime = null;
    kept.push(draft);
  }
  return kept;
}

/** Lays out every line of the tune (bars without notes or rests are folded into their neighbours). */
export function layoutTune(tune: Tune): ScoreLine[] {
  let noteIndex = 0;
  let ending: string | null = null;
  let currentTime: TimeSignature | null = null;
  const lines: Draft[][] = [];

  for (const part of tune.parts) {
    for (const line of part.lines) {
      const drafts: Draft[] = [];
      line.bars.forEach((bar, barIndex) => {
        const draft: Draft = {
          open: bar.open,
          close: bar.close,
          time: null,
          notes: [],
          beamInfo: [],
          tuplets: [],
          endingLabel: null,
        };
        // A time signature shown at the line start: the one written there, else none repeated.
        let pendingTime = barIndex === 0 && line.time ? line.time : null;
        let tupletStart: { index: number; actual: number; normal: number } | null = null;
        for (const item of bar.items) {
          if (item.kind === 'time') {
            pendingTime = item;
          } else if (item.kind === 'timeline') {
            ending = item.label;
          } else if (item.kind === 'timeline-end') {
            ending = null;
          } else if (item.kind === 'note' || item.kind === 'rest') {
            if (pendingTime && draft.notes.length === 0 && !sameTime(pendingTime, currentTime)) {
              draft.time = pendingTime;
            }
            if (pendingTime) currentTime = pendingTime;
            pendingTime = null;
            if (ending !== null) draft.endingLabel = ending;
            const index = draft.notes.length;
            if (item.kind === 'note') {
              draft.notes.push({
                noteIndex: noteIndex++,
                key: staffKey(item.pitch),
                duration: vexDuration(item.duration),
                rest: false,
                dots: item.dots,
                graces: item.embellishments.flatMap((e) => graceNotes(e).map(staffKey)),
                tie: item.tie,
                fermata: item.fermata,
                accidental: item.accidental,
              });
              draft.beamInfo.push({ beam: item.beam, duration: item.duration });
            } else {
              draft.notes.push({
                noteIndex: null,
                key: 'b/4',
                duration: vexDuration(item.duration),
                rest: true,
                dots: item.dots,
                graces: [],
                tie: false,
                fermata: false,
                accidental: null,
              });
              draft.beamInfo.push({ beam: null, duration: null });
            }
            if (item.tupletStart) tupletStart = { index, ...item.tupletStart };
            if (item.tupletEnd && tupletStart && index > tupletStart.index) {
              draft.tuplets.push({
                first: tupletStart.index,
                last: index,
                actual: tupletStart.actual,
                normal: tupletStart.normal,
              });
              tupletStart = null;
            }
          }
        }
        // A time signature at the end of a bar (BWW writes it before the next bar line)
        // belongs to the next bar's start.
        if (pendingTime && !sameTime(pendingTime, currentTime)) {
          if (draft.notes.length === 0) draft.time = pendingTime;
          currentTime = pendingTime;
        }
        drafts.push(draft);
      });
      lines.push(withoutEmptyBars(drafts));
    }
  }

  // Endings: a bracket starts where its label begins and ends at the last bar that carries it.
  const flat = lines.flat();
  const labelAt = (i: number) => flat[i]?.endingLabel ?? null;
  let position = 0;
  return lines.map((drafts) => ({
    bars: drafts.map((d) => {
      const i = position++;
      const label = d.endingLabel;
      return {
        open: d.open,
        close: d.close,
        time: d.time,
        notes: d.notes,
        beams: beamGroups(d.beamInfo),
        tuplets: d.tuplets,
        ending:
          label === null
            ? null
            : {
                label,
                starts: labelAt(i - 1) !== label || flat[i - 1]?.close === 'repeat',
                ends:
                  labelAt(i + 1) !== label ||
                  d.close === 'repeat' ||
                  d.close === 'part' ||
                  flat[i + 1]?.open === 'repeat',
              },
      };
    }),
  }));
}
