/**
 * Stage 8 (issue 20 item 1): what each staff read → the app's tune model (parts, lines, bars,
 * notes with embellishments), each bar's page region and confidence. Pipe music has one staff
 * per system, so one staff is one tune line. A part ends at a part or repeat close; the time
 * signature is the one the bars' own durations agree with, refined by the digits' shape (see
 * readTimeSignature). Per-bar confidence drops for a head between two positions, graces that
 * name no embellishment, and a bar whose notes do not add up to the time signature.
 */
import { TITLE_FORMAT } from '../bww/titleFormat.ts';
import type { Pitch } from '../notes.ts';
import type {
  Bar,
  BarClose,
  BarItem,
  BarOpen,
  Duration,
  Line,
  Note,
  Part,
  Rest,
  TimeSignature,
  Tune,
} from '../tune/tune.ts';
import { embellishmentsOfGraces } from './embellishmentsOfGraces.ts';
import type { OmrBar, PageBox } from './omrTypes.ts';
import { continuedEndings } from './continuedEndings.ts';
import type { EndingSpan } from './readEndings.ts';
import type { ReadRest } from './readRests.ts';
import type { Box, ReadBarLine, ReadNote, StaffReading } from './readStaff.ts';

/** Deskewed coordinates → page pixels (see deskew.ts). */
export interface PageMapping {
  readonly slope: number;
  readonly offset: number;
}

export const RECOGNISED_TITLE = 'Recognised tune';

interface DraftBar {
  open: BarOpen;
  close: BarClose;
  notes: { note: Note | Rest; read: { head: Box; doubt: number }; graceDoubt: boolean }[];
  x0: number;
  x1: number;
}

function durationOf(n: ReadNote): Duration {
  if (n.whole) return 1;
  if (n.beams >= 3) return 32;
  if (n.beams === 2) return 16;
  if (n.beams === 1) return 8;
  return n.hollow ? 2 : 4;
}

/**
 * A bar's items with its endings' starts (their numbers) and ends among its notes: before the
 * first note right of where a bracket starts, after the last note left of where it ends — the
 * bar's start and end for a bracket over the whole bar, between notes for a first and a second
 * ending inside one bar.
 */
function withEndings(
  notes: readonly { note: Note | Rest; read: { head: Box } }[],
  starts: readonly number[],
  ends: readonly number[],
  label: () => string,
): BarItem[] {
  const marks = [
    ...ends.map((x) => ({
      at: atOrEnd(
        notes.findIndex((n) => n.read.head.x0 > x),
        notes,
      ),
      x,
      end: true,
    })),
    ...starts.map((x) => ({
      at: atOrEnd(
        notes.findIndex((n) => n.read.head.x1 > x),
        notes,
      ),
      x,
      end: false,
    })),
  ].sort((a, b) => a.at - b.at || a.x - b.x);
  const items: BarItem[] = [];
  let m = 0;
  for (let i = 0; i <= notes.length; i++) {
    for (; m < marks.length && marks[m]!.at === i; m++)
      items.push(marks[m]!.end ? { kind: 'timeline-end' } : { kind: 'timeline', label: label() });
    if (i < notes.length) items.push(notes[i]!.note);
  }
  return items;
}

const atOrEnd = (index: number, notes: readonly unknown[]) => (index < 0 ? notes.length : index);

/** Bar length in crotchets. */
function crotchets(notes: readonly (Note | Rest)[]): number {
  let inTuplet: Note['tupletStart'] = null;
  let total = 0;
  for (const n of notes) {
    if (n.tupletStart) inTuplet = n.tupletStart;
    const scale = inTuplet ? inTuplet.normal / inTuplet.actual : 1;
    total += (4 / n.duration) * (n.dots === 1 ? 1.5 : n.dots === 2 ? 1.75 : 1) * scale;
    if (n.tupletEnd) inTuplet = null;
  }
  return total;
}

export function toPageBox(box: Box, map: PageMapping): PageBox {
  const ys = [box.x0, box.x1].flatMap((x) =>
    [box.y0, box.y1].map((y) => y - map.offset + x * map.slope),
  );
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  return {
    x: Math.round(box.x0),
    y: Math.round(y0),
    width: Math.round(box.x1 - box.x0 + 1),
    height: Math.round(y1 - y0 + 1),
  };
}

/** The time signatures pipe music uses, by bar length in crotchets. */
function timeFor(length: number, hint: TimeHint): TimeSignature {
  const t = (beats: number, beatType: number): TimeSignature => ({
    kind: 'time',
    beats,
    beatType,
    symbol: null,
  });
  if (
    hint.beats !== null &&
    hint.beatType !== null &&
    Math.abs((hint.beats * 4) / hint.beatType - length) < 0.01
  ) {
    return t(hint.beats, hint.beatType);
  }
  // Three crotchets under a looped upper digit is 6/8 even when the 8's loops were broken.
  if (hint.compound && Math.abs(length - 3) < 0.01) return t(6, 8);
  if (hint.beatType !== null) {
    const beats = (length * hint.beatType) / 4;
    if (Number.isInteger(beats) && beats > 0) return t(beats, hint.beatType);
  }
  if (Math.abs(length - 3) < 0.01) return hint.compound ? t(6, 8) : t(3, 4);
  if (Math.abs(length - 1.5) < 0.01) return t(3, 8);
  if (Math.abs(length - 4.5) < 0.01) return t(9, 8);
  if (Math.abs(length - 6) < 0.01) return t(12, 8);
  if (Math.abs(length - 2) < 0.01) return t(2, 4);
  if (Math.abs(length - 5) < 0.01) return t(5, 4);
  return t(4, 4);
}

/** What the digits at the tune's start suggest; null where unread. */
export interface TimeHint {
  readonly beats: number | null;
  readonly beatType: number | null;
  /** The top digit has a closed loop (6, 9, 12's 2 does not): compound time. */
  readonly compound: boolean;
}

export function assembleTune(
  readings: readonly StaffReading[],
  map: PageMapping,
  hint: TimeHint = { beats: null, beatType: null, compound: false },
  /** Each line's ending brackets (readEndings), numbered here in order: 1, 2, 1, 2 … */
  endings: readonly (readonly EndingSpan[])[] = [],
): { tune: Tune; bars: OmrBar[]; warnings: string[] } {
  const warnings: string[] = [];
  const lines: { bars: DraftBar[]; reading: StaffReading }[] = [];
  let prevPitch: Pitch | null = null;
  readings.forEach((reading, li) => {
    type Event = { x: number; note?: ReadNote; bar?: ReadBarLine; rest?: ReadRest };
    const events: Event[] = [
      ...reading.notes.map((n) => ({ x: n.grace ? n.stem.x0 : n.head.x0, note: n })),
      ...reading.barLines.map((b) => ({ x: b.x0, bar: b })),
      ...reading.rests.map((r) => ({ x: r.box.x0, rest: r })),
    ].sort((a, b) => a.x - b.x);
    const bars: DraftBar[] = [];
    let cur: DraftBar = {
      open: null,
      close: null,
      notes: [],
      x0: reading.musicLeft,
      x1: reading.staff.right,
    };
    let graces: ReadNote[] = [];
    // Melody notes still to come in a triplet read over its first note.
    let tripletLeft = 0;
    const finish = (close: BarClose, x: number, x1: number): void => {
      if (cur.notes.length > 0) {
        cur.close = close;
        cur.x1 = x;
        bars.push(cur);
        cur = { open: null, close: null, notes: [], x0: x1, x1: reading.staff.right };
      } else if (close === 'part' || close === 'repeat') {
        // A close with no notes since the last bar line belongs to the bar before it.
        const last = bars.at(-1);
        if (last) last.close = close;
      } else cur.x0 = x1;
    };
    for (const e of events) {
      if (e.bar) {
        const k = e.bar.kind;
        if (k === 'open-part' || k === 'open-repeat') {
          if (cur.notes.length > 0) finish('bar', e.bar.x0, e.bar.x1);
          cur.open = k === 'open-part' ? 'part' : 'repeat';
          cur.x0 = e.bar.x1;
        } else if (k === 'close-part') finish('part', e.bar.x0, e.bar.x1);
        else if (k === 'close-repeat') finish('repeat', e.bar.x0, e.bar.x1);
        else if (k === 'double') finish('double', e.bar.x0, e.bar.x1);
        else finish(e.bar.atEnd ? 'line' : 'bar', e.bar.x0, e.bar.x1);
        continue;
      }
      if (e.rest) {
        const rest: Rest = {
          kind: 'rest',
          duration: e.rest.duration,
          dots: 0,
          tupletStart: null,
          tupletEnd: false,
        };
        cur.notes.push({ note: rest, read: { head: e.rest.box, doubt: 0 }, graceDoubt: false });
        continue;
      }
      const n = e.note as ReadNote;
      if (n.grace) {
        graces.push(n);
        continue;
      }
      const pitch = n.pitch ?? 'LA';
      const gracePitches = graces.map((g) => g.pitch).filter((p): p is Pitch => p !== null);
      const read = embellishmentsOfGraces(gracePitches, prevPitch, pitch);
      if (!read.matched) {
        warnings.push(
          `line ${li + 1}, bar ${bars.length + 1}: grace notes ${gracePitches.join(' ')} name no embellishment; kept as separate grace notes`,
        );
      }
      const duration = durationOf(n);
      const note: Note = {
        kind: 'note',
        pitch,
        duration,
        dots: n.dots > 0 ? 1 : 0,
        beam: duration >= 8 ? (n.beamRight ? 'right' : n.beamLeft ? 'left' : null) : null,
        accidental: null,
        embellishments: read.embellishments,
        fermata: false,
        tie: reading.tied.has(n),
        tupletStart: reading.triplets.has(n) ? { actual: 3, normal: 2 } : null,
        tupletEnd: tripletLeft === 1,
      };
      tripletLeft = reading.triplets.has(n) ? 2 : Math.max(0, tripletLeft - 1);
      const graceDoubt = !read.matched || graces.some((g) => g.doubt > 0.5 || g.pitch === null);
      cur.notes.push({ note, read: n, graceDoubt });
      graces = [];
      prevPitch = pitch;
    }
    if (graces.length > 0)
      warnings.push(`line ${li + 1}: grace notes at the end of the line with no note after them`);
    if (cur.notes.length > 0) {
      cur.x1 = reading.staff.right;
      bars.push(cur);
    }
    lines.push({ bars, reading });
  });

  // The bar length most bars agree on (pickups and repeat halves aside) sets the time.
  const lengths = new Map<number, number>();
  for (const l of lines) {
    for (const b of l.bars) {
      const len = Math.round(crotchets(b.notes.map((n) => n.note)) * 8) / 8;
      lengths.set(len, (lengths.get(len) ?? 0) + 1);
    }
  }
  const common = [...lengths.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 4;
  const time = timeFor(common, hint);
  const barLength = (time.beats * 4) / time.beatType;

  const parts: Part[] = [];
  let partLines: Line[] = [];
  let endingCount = 0;
  const omrBars: OmrBar[] = [];
  const lineEndings = continuedEndings(
    lines.map((l) => ({
      firstBarEnd: l.bars[0]?.x1 ?? l.reading.staff.right,
      lastBarStart: l.bars.at(-1)?.x0 ?? l.reading.staff.left,
    })),
    endings,
  );
  lines.forEach((l, li) => {
    const staff = l.reading.staff;
    const { spans, carriedIn, carriedOut } = lineEndings[li]!;
    // A bracket carried over from the line above starts nothing; one carried on ends nothing.
    const starting = carriedIn ? spans.slice(1) : spans;
    const ending = carriedOut ? spans.slice(0, -1) : spans;
    const bars: Bar[] = l.bars.map((b) => ({
      open: b.open,
      items: withEndings(
        b.notes,
        starting.filter((e) => e.x0 >= b.x0 - staff.space && e.x0 < b.x1).map((e) => e.x0),
        ending.filter((e) => e.x1 > b.x0 && e.x1 <= b.x1 + staff.space).map((e) => e.x1),
        () => String((endingCount++ % 2) + 1),
      ),
      close: b.close,
    }));
    const partIndex = parts.length;
    const lineIndex = partLines.length;
    l.bars.forEach((b, bi) => {
      let confidence = 1;
      const maxDoubt = Math.max(0, ...b.notes.map((n) => n.read.doubt));
      confidence -= maxDoubt * 0.5;
      if (b.notes.some((n) => n.graceDoubt)) confidence -= 0.25;
      const len = crotchets(b.notes.map((n) => n.note));
      const first = bi === 0;
      const lastOfPart = b.close === 'part' || b.close === 'repeat';
      // A pickup or a part's last bar may be short; anything else should fill the bar.
      if (Math.abs(len - barLength) > 0.01 && !((first || lastOfPart) && len < barLength)) {
        confidence -= 0.35;
        warnings.push(
          `line ${li + 1}, bar ${bi + 1}: the notes add up to ${len} crotchets, not ${barLength}`,
        );
      }
      omrBars.push({
        part: partIndex,
        line: lineIndex,
        bar: bi,
        region: toPageBox(
          {
            x0: b.x0,
            y0: staff.lines[0] - staff.space * 3,
            x1: b.x1,
            y1: staff.lines[4] + staff.space * 3,
          },
          map,
        ),
        confidence: Math.max(0, Math.min(1, Math.round(confidence * 100) / 100)),
        // The notes' boxes only: /omr indexes them as the bar's notes, rests left out
        // (src/web/features/omr/editRecognisedNote.ts).
        notes: b.notes
          .filter((n) => n.note.kind === 'note')
          .map((n) => toPageBox(n.read.head, map)),
      });
    });
    partLines.push({ key: ['sharpf', 'sharpc'], time: li === 0 ? time : null, bars });
    const lastClose = bars.at(-1)?.close;
    if (lastClose === 'part' || lastClose === 'repeat' || li === lines.length - 1) {
      parts.push({ lines: partLines });
      partLines = [];
    }
  });
  const tune: Tune = {
    header: ['Bagpipe Reader:1.0'],
    tempo: null,
    texts: [{ kind: 'text', role: 'title', text: RECOGNISED_TITLE, format: TITLE_FORMAT }],
    parts,
  };
  return { tune, bars: omrBars, warnings };
}
