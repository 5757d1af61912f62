/**
 * What the pipe score draws, decided without VexFlow (issue 6 item 5): for each tune line and
 * bar, the notes as VexFlow keys and durations, their grace notes, beams, tuplets, ties, the bar
 * lines, time signatures, time-line (ending) brackets, navigation marks (segno, coda, D.S.,
 * D.C. al Fine, Fine) and free text written inside the music. Pure, tested with plain values;
 * ./drawScore.ts only turns it into VexFlow objects.
 */
import { graceNotes } from '../../../music/tune/embellishments.ts';
import type {
  Accidental,
  BarClose,
  BarOpen,
  Mark,
  TimeSignature,
  Tune,
} from '../../../music/tune/tune.ts';
import { beamGroups } from './beamGroups.ts';
import { closingMarks } from './markWords.ts';
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
  /**
   * The bar's notes under the bracket, `from` up to (not including) `to`: the whole bar, or a
   * part of it when a bar holds a first and a second ending ('1 LA_4 _' '2 LA_2 _' in one bar,
   * as several bands write a part's last bar).
   */
  readonly from: number;
  readonly to: number;
  /** The bracket opens over this bar (drawn with its label). */
  readonly starts: boolean;
  /** The bracket closes over this bar (drawn with its end hook). */
  readonly ends: boolean;
}

/** A navigation mark as printed above the stave. */
export interface ScoreMark {
  readonly code: Mark['code'];
  /**
   * How many of the bar's notes and rests stand before the mark: 0 at the bar's start,
   * `notes.length` at its end.
   */
  readonly at: number;
}

export interface ScoreBar {
  /** 'part' (`I!`) is drawn heavy-thin, 'repeat' (`I!''`) as a repeat start. */
  readonly open: BarOpen;
  readonly close: BarClose;
  /** A time signature to draw at the start of this bar. */
  readonly time: TimeSignature | null;
  readonly notes: readonly ScoreNote[];
  readonly beams: readonly (readonly number[])[];
  readonly tuplets: readonly ScoreTuplet[];
  /** Ending brackets over the bar, in order: usually none or one over the whole bar. */
  readonly endings: readonly ScoreEnding[];
  readonly marks: readonly ScoreMark[];
  /** Free text the writer put inside the music ('part 2', 'Seconds'), drawn above the bar. */
  readonly texts: readonly string[];
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
  /** The ending each note stands under (null: none). */
  noteEndings: (string | null)[];
  marks: ScoreMark[];
  texts: string[];
}

const strongerClose = (a: BarClose, b: BarClose): BarClose => {
  const rank: readonly BarClose[] = [null, 'line', 'bar', 'double', 'part', 'repeat'];
  return rank.indexOf(b) > rank.indexOf(a) ? b : a;
};

/**
 * Drops bars that hold no note or rest (a BWW line often opens with a bar line before its first
 * note): drawn, they are empty boxes. What they carry moves to a neighbour — a repeat start and
 * a time signature to the next bar, a closing bar line to the previous one. Texts and opening
 * marks (segno, coda) move to the start of the next bar, even on the next line ('part 2' is
 * written after the last bar line of the line before); closing marks (D.S., Fine) to the end of
 * the previous one.
 */
function withoutEmptyBars(lines: readonly (readonly Draft[])[]): Draft[][] {
  let carryMarks: ScoreMark[] = [];
  let carryTexts: string[] = [];
  let last: Draft | null = null;
  const keptLines: Draft[][] = [];
  for (const drafts of lines) {
    const kept: Draft[] = [];
    let carryOpen: BarOpen = null;
    let carryTime: TimeSignature | null = null;
    for (const draft of drafts) {
      if (draft.notes.length === 0) {
        const previous = kept[kept.length - 1];
        if (previous) previous.close = strongerClose(previous.close, draft.close);
        carryOpen = draft.open ?? carryOpen;
        carryTime = draft.time ?? carryTime;
        for (const mark of draft.marks) {
          if (closingMarks.has(mark.code) && last)
            last.marks.push({ ...mark, at: last.notes.length });
          else carryMarks.push({ ...mark, at: 0 });
        }
        carryTexts.push(...draft.texts);
        continue;
      }
      if (carryOpen && !draft.open) draft.open = carryOpen;
      if (carryTime && !draft.time) draft.time = carryTime;
      draft.marks.unshift(...carryMarks);
      draft.texts.unshift(...carryTexts);
      carryOpen = null;
      carryTime = null;
      carryMarks = [];
      carryTexts = [];
      kept.push(draft);
      last = draft;
    }
    keptLines.push(kept);
  }
  // Whatever follows the last note stays with the last bar.
  if (last) {
    const end = last.notes.length;
    last.marks.push(...carryMarks.map((m) => ({ ...m, at: end })));
    last.texts.push(...carryTexts);
  }
  return keptLines;
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
          noteEndings: [],
          marks: [],
          texts: [],
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
          } else if (item.kind === 'mark') {
            draft.marks.push({ code: item.code, at: draft.notes.length });
          } else if (item.kind === 'text') {
            // Other roles inside the music are a writer's headers for a next tune; only free
            // text belongs to the bar.
            const text = item.text.replace(/\s+/g, ' ').trim();
            if (item.role === 'text' && text) draft.texts.push(text);
          } else if (item.kind === 'tempo') {
            // A tempo change from this bar on (issue 15 item 9), shown as pipers write it.
            draft.texts.push(`\u2669 = ${item.bpm}`);
          } else if (item.kind === 'note' || item.kind === 'rest') {
            if (pendingTime && draft.notes.length === 0 && !sameTime(pendingTime, currentTime)) {
              draft.time = pendingTime;
            }
            if (pendingTime) currentTime = pendingTime;
            pendingTime = null;
            draft.noteEndings.push(ending);
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
      lines.push(drafts);
    }
  }
  const kept = withoutEmptyBars(lines);

  // Endings: a bracket starts where its label begins and ends at the last note that carries it,
  // across bars and lines; a bar may hold the end of one and the start of the next.
  const flat = kept.flat();
  let position = 0;
  return kept.map((drafts) => ({
    bars: drafts.map((d) => {
      const i = position++;
      const before = flat[i - 1];
      const after = flat[i + 1];
      return {
        open: d.open,
        close: d.close,
        time: d.time,
        notes: d.notes,
        beams: beamGroups(d.beamInfo),
        tuplets: d.tuplets,
        endings: runsOf(d.noteEndings).map(({ label, from, to }) => ({
          label,
          from,
          to,
          starts: from > 0 || before?.noteEndings.at(-1) !== label || before?.close === 'repeat',
          ends:
            to < d.notes.length ||
            after?.noteEndings[0] !== label ||
            d.close === 'repeat' ||
            d.close === 'part' ||
            after?.open === 'repeat',
        })),
        marks: d.marks,
        texts: d.texts,
      };
    }),
  }));
}

/** Runs of one ending label over consecutive notes. */
function runsOf(labels: readonly (string | null)[]): { label: string; from: number; to: number }[] {
  const runs: { label: string; from: number; to: number }[] = [];
  labels.forEach((label, i) => {
    const last = runs.at(-1);
    if (label === null) return;
    if (last && last.label === label && last.to === i) last.to = i + 1;
    else runs.push({ label, from: i, to: i + 1 });
  });
  return runs;
}
