/**
 * Walks one MusicXML part measure by measure and builds the tune model's lines and bars
 * (issue 15 item 4). Keeps what pipe music has — one melody voice, grace notes (named by
 * ./embellishmentsOfGraces.ts), ties, tuplets, fermatas, repeats and endings, time and key,
 * tempo, words — and reports everything else with the measure's number.
 *
 * Lines follow the score's system breaks (`<print new-system>`), and a part or repeat end
 * also ends its line, so parts come out as the BWW reader makes them (a part runs to the line
 * where it ends).
 */
import type { Pitch } from '../notes.ts';
import type {
  BarClose,
  BarItem,
  BarOpen,
  Embellishment,
  Note,
  Rest,
  TimeSignature,
  TupletStart,
} from '../tune/tune.ts';
import type { MusicXmlWarning, MusicXmlWarningKind } from './MusicXmlWarning.ts';
import { nameGraces, type ReadGrace } from './nameGraces.ts';
import { readBarline } from './readBarline.ts';
import { readDirection, tempoOf } from './readDirection.ts';
import { readNote, type ReadNote } from './readNote.ts';
import { children, childText, type XmlElement } from './readXml.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface BarDraft {
  open: BarOpen;
  items: BarItem[];
  close: BarClose;
}

interface LineDraft {
  key: readonly string[];
  time: TimeSignature | null;
  bars: BarDraft[];
}

/** Warnings listed one by one; more are counted (see `warn`). */
export const MAX_WARNINGS = 200;

/** The pipe key signature (two sharps), as BWW writes it on every line. */
const PIPE_KEY: readonly string[] = ['sharpf', 'sharpc'];

export class PartReader {
  readonly lines: LineDraft[] = [];
  /** The first tempo before any note: the tune's own; later ones are changes (tempo items). */
  tempo: number | null = null;
  private readonly warnings: MusicXmlWarning[];
  private readonly seen = new Set<string>();
  private measure = '';
  private divisions = 1;
  private key: readonly string[] = PIPE_KEY;
  private line: LineDraft | null = null;
  private bar: BarDraft = { open: null, items: [], close: null };
  private mainVoice: string | null = null;
  private graces: ReadGrace[] = [];
  private prev: Pitch | null = null;
  private tuplet: TupletStart | null = null;
  private lastTimed: Mutable<Note> | Mutable<Rest> | null = null;
  private anyNote = false;
  private unreported = 0;

  constructor(warnings: MusicXmlWarning[]) {
    this.warnings = warnings;
  }

  /**
   * Reports once per measure and message, so a long run of slurs is one line, not fifty; past
   * MAX_WARNINGS the rest are counted in one closing warning (a hostile file stays cheap).
   */
  private warn(kind: MusicXmlWarningKind, message: string): void {
    const id = `${this.measure}\u0000${kind}\u0000${message}`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    if (this.warnings.length >= MAX_WARNINGS) this.unreported++;
    else this.warnings.push({ measure: this.measure, kind, message });
  }

  readMeasure(measure: XmlElement, index: number): void {
    this.measure = measure.attributes.number ?? String(index + 1);
    this.bar = { open: null, items: [], close: null };
    const newSystem = children(measure, 'print').some(
      (p) => p.attributes['new-system'] === 'yes' || p.attributes['new-page'] === 'yes',
    );
    if (newSystem || !this.line) this.startLine();
    let afterBackup = false;
    for (const el of measure.children) {
      switch (el.name) {
        case 'attributes':
          this.readAttributes(el);
          break;
        case 'note':
          this.readNote(el, afterBackup);
          break;
        case 'backup':
          afterBackup = true;
          break;
        case 'forward':
          this.warn('other-voice', 'a forward skip (a gap in a voice) is left out');
          break;
        case 'direction':
          this.readDirection(el);
          break;
        case 'sound':
          this.setTempo(tempoOf(el.attributes.tempo));
          break;
        case 'barline':
          this.readBarline(el);
          break;
        case 'print':
        case 'bookmark':
        case 'link':
          break;
        default:
          this.warn('element', `<${el.name}> is left out`);
      }
    }
    this.closeTupletAtBar();
    const line = this.line as LineDraft;
    this.bar.close ??= 'bar';
    line.bars.push(this.bar);
    // A part ends its line, so the tune's parts come out as the BWW reader makes them.
    if (this.bar.close === 'part' || this.bar.close === 'repeat') this.line = null;
  }

  /** Graces left at the end of the part have no note to go on. */
  finish(): void {
    if (this.graces.length > 0)
      this.warn('grace', 'grace notes at the end with no note after them');
    if (this.unreported > 0) {
      const message = `${this.unreported} more warnings not listed`;
      this.warnings.push({ measure: null, kind: 'element', message });
    }
  }

  private startLine(): void {
    if (this.line && this.line.bars.length === 0) return;
    this.line = { key: this.key, time: null, bars: [] };
    this.lines.push(this.line);
  }

  private add(item: BarItem): void {
    this.bar.items.push(item);
  }

  private readAttributes(el: XmlElement): void {
    const divisions = Number(childText(el, 'divisions'));
    if (divisions > 0) this.divisions = divisions;
    for (const key of children(el, 'key')) {
      const fifths = childText(key, 'fifths');
      // Two sharps is the pipe key; none is how some writers leave the pipe scale unmarked.
      if (fifths === '2') this.key = PIPE_KEY;
      else if (fifths === '0') this.key = [];
      else {
        this.key = PIPE_KEY;
        this.warn('key', `key signature of ${fifths || 'no'} fifths read as the chanter's scale`);
      }
      if (this.line && this.line.bars.length === 0) this.line.key = this.key;
    }
    for (const time of children(el, 'time')) this.readTime(time);
    for (const clef of children(el, 'clef')) {
      if (childText(clef, 'sign') !== 'G' || (childText(clef, 'line') || '2') !== '2') {
        this.warn('clef', 'a clef other than treble is read as treble');
      }
    }
    if (Number(childText(el, 'staves') || '1') > 1) {
      this.warn('other-part', 'only the first staff is read');
    }
  }

  private readTime(time: XmlElement): void {
    const beats = Number(childText(time, 'beats'));
    const beatType = Number(childText(time, 'beat-type'));
    const symbol = time.attributes.symbol;
    if (!(beats > 0 && Number.isInteger(beats) && [1, 2, 4, 8, 16, 32].includes(beatType))) {
      this.warn(
        'time',
        `time signature '${childText(time, 'beats')}/${childText(time, 'beat-type')}' left out`,
      );
      return;
    }
    const t: TimeSignature = {
      kind: 'time',
      beats,
      beatType,
      symbol:
        symbol === 'common' && beats === 4 && beatType === 4
          ? 'common'
          : symbol === 'cut' && beats === 2 && beatType === 2
            ? 'cut'
            : null,
    };
    const line = this.line as LineDraft;
    // At the head of a line it is the line's time signature, as BWW writes it after the key.
    if (line.bars.length === 0 && this.bar.items.length === 0 && !line.time) line.time = t;
    else this.add(t);
  }

  private setTempo(bpm: number | null): void {
    if (bpm === null) return;
    if (!this.anyNote && this.tempo === null) this.tempo = bpm;
    else this.add({ kind: 'tempo', bpm });
  }

  private readDirection(el: XmlElement): void {
    const { items, tempo, dropped } = readDirection(el);
    this.setTempo(tempo);
    for (const item of items) this.add(item);
    for (const name of dropped) this.warn('direction', `direction '${name}' left out`);
  }

  private readBarline(el: XmlElement): void {
    const { location, open, close, items } = readBarline(el);
    for (const item of items) this.add(item);
    if (location === 'left') this.bar.open = open ?? this.bar.open;
    else this.bar.close = close;
  }

  private readNote(el: XmlElement, afterBackup: boolean): void {
    const n = readNote(el, this.divisions);
    if (n.staff !== '1') {
      this.warn('other-part', 'only the first staff is read');
      return;
    }
    if (!n.grace) this.mainVoice ??= n.voice;
    if (afterBackup || (this.mainVoice !== null && n.voice !== this.mainVoice)) {
      this.warn('other-voice', 'only the first voice is read');
      return;
    }
    if (n.cue) {
      this.warn('element', 'cue notes left out');
      return;
    }
    if (n.chord) {
      this.warn('chord', 'chords: only the first note of each is kept');
      return;
    }
    for (const d of n.dropped) this.warn('notation', `${d} left out`);
    if (n.unpitched) this.warn('off-chanter', 'unpitched note read as a rest');
    if (n.offChanter)
      this.warn('off-chanter', `${n.offChanter} is not on the chanter: read as a rest`);
    if (n.grace) {
      if (n.pitch) this.graces.push({ pitch: n.pitch, hint: n.embellishmentHint });
      return;
    }
    if (n.valueProblem) this.warn('note-value', n.valueProblem);
    if (n.values.length === 0) return;
    this.anyNote = true;
    if (n.pitch) this.addNote(n, n.pitch);
    else this.addRests(n);
  }

  private tupletFor(n: ReadNote): { start: TupletStart | null; end: boolean } {
    const mod = n.timeModification;
    if (!mod) {
      this.closeTuplet();
      return { start: null, end: false };
    }
    let start: TupletStart | null = null;
    if (!this.tuplet || n.tupletStart) {
      if (this.tuplet) this.closeTuplet();
      start = mod;
      this.tuplet = mod;
    }
    const end = n.tupletStop;
    if (end) this.tuplet = null;
    return { start, end };
  }

  /** A tuplet whose stop the score never wrote ends on its last note. */
  private closeTuplet(): void {
    if (!this.tuplet) return;
    if (this.lastTimed) this.lastTimed.tupletEnd = true;
    this.tuplet = null;
  }

  private closeTupletAtBar(): void {
    if (this.tuplet) this.warn('tuplet', 'tuplet not closed in its bar: closed on its last note');
    this.closeTuplet();
  }

  private addNote(n: ReadNote, pitch: Pitch): void {
    const value = n.values[0] ?? { duration: 4, dots: 0 };
    if (n.values.length > 1) this.warn('note-value', 'a note no single value spells is shortened');
    const { start, end } = this.tupletFor(n);
    const note: Mutable<Note> = {
      kind: 'note',
      pitch,
      duration: value.duration,
      dots: value.dots,
      beam: n.beam,
      accidental: n.accidental,
      embellishments: this.takeGraces(pitch),
      fermata: n.fermata,
      tie: n.tie,
      tupletStart: start,
      tupletEnd: end,
    };
    this.add(note);
    this.lastTimed = note;
    this.prev = pitch;
  }

  private addRests(n: ReadNote): void {
    if (this.graces.length > 0) {
      this.warn('grace', 'grace notes before a rest left out');
      this.graces = [];
    }
    const { start, end } = this.tupletFor(n);
    n.values.forEach((value, i) => {
      const rest: Mutable<Rest> = {
        kind: 'rest',
        duration: value.duration,
        dots: value.dots,
        tupletStart: i === 0 ? start : null,
        tupletEnd: i === n.values.length - 1 && end,
      };
      this.add(rest);
      this.lastTimed = rest;
    });
  }

  /**
   * The grace notes waiting for this note, as embellishment names. Names written by
   * Chanterlab's own export are taken when they still play these very grace notes (an edit in
   * another program may have changed them); otherwise the notes are named from the table.
   */
  private takeGraces(note: Pitch): Embellishment[] {
    const named = nameGraces(this.graces, { prev: this.prev, note });
    this.graces = [];
    for (const p of named.unnamed) this.warn('grace', `grace note ${p} has no name: left out`);
    return [...named.embellishments];
  }
}
