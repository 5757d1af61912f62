/**
 * Assembles one tune while the reader walks the tokens: the staff line and bar being filled,
 * and the things a BWW token leaves pending for the next note (embellishments, accidental,
 * tie and tuplet starts). Mutable inside, it hands out the readonly model from `build()`.
 */
import type {
  Accidental,
  Bar,
  BarClose,
  BarItem,
  BarOpen,
  Embellishment,
  Line,
  Note,
  Part,
  Rest,
  Text,
  TimeSignature,
  Tune,
  TupletStart,
} from '../tune/tune.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type NoteDraft = Mutable<Note>;
export type RestDraft = Mutable<Rest>;

interface BarDraft {
  open: BarOpen;
  items: BarItem[];
  close: BarClose;
}

interface LineDraft {
  key: string[];
  time: TimeSignature | null;
  bars: Bar[];
  /** True until the first token that is not part of the key or time signature. */
  head: boolean;
  /**
   * Accidentals read in the head, not yet known to be key or note accidental: the last one
   * before a note belongs to that note ('& sharpf sharpc naturalc C_4'), the rest to the key.
   */
  pendingKey: { code: string; accidental: Accidental }[];
}

export class TuneBuilder {
  readonly header: string[] = [];
  tempo: number | null = null;
  readonly texts: Text[] = [];
  private readonly lines: LineDraft[] = [];
  private line: LineDraft | null = null;
  private bar: BarDraft = { open: null, items: [], close: null };

  embellishments: Embellishment[] = [];
  accidental: Accidental | null = null;
  tieStart = false;
  /** New-style ties (`^ts`) whose `^te` has not come yet. */
  openTies = 0;
  tupletStart: TupletStart | null = null;
  /** The new-style tuplet (`^3s`, `^43s` …) waiting for its end token. */
  openTuplet: TupletStart | null = null;
  /** The note whose new-style tie ended with the previous token (see applyToken's tuplets). */
  tieJustEnded: NoteDraft | null = null;
  /** A tuplet start put on a tied-to note, to be checked when the group ends. */
  retroactiveStart: NoteDraft | null = null;
  /**
   * A `TuneTempo,N` line read inside the music (issue 15 item 9): it becomes the first item of
   * the bar that gets the next item, so the change holds from that bar on.
   */
  pendingTempo: number | null = null;
  /** Notes and rests so far, newest last (dots, fermatas, old ties and triplets look back). */
  readonly recent: (NoteDraft | RestDraft)[] = [];

  get hasMusic(): boolean {
    return this.lines.length > 0 || this.line !== null;
  }

  /** Items of the bar being filled. */
  get currentBarItems(): readonly BarItem[] {
    return this.bar.items;
  }

  startLine(): void {
    this.endLine();
    this.line = { key: [], time: null, bars: [], head: true, pendingKey: [] };
  }

  /** Music before any `&`: give it a staff line so nothing is lost. */
  ensureLine(): LineDraft {
    if (!this.line) this.startLine();
    return this.line as LineDraft;
  }

  /** An accidental read where the key signature may still be going on. */
  headAccidental(code: string, accidental: Accidental): void {
    this.ensureLine().pendingKey.push({ code, accidental });
  }

  /** The accidentals read so far in the head are the key signature. */
  settleKey(): void {
    const line = this.line;
    if (!line) return;
    line.key.push(...line.pendingKey.map((k) => k.code));
    line.pendingKey = [];
  }

  /**
   * A note arrived: the last head accidental is its own only when it names the note's own
   * letter (`naturalc C_4`) and does not complete the pipe key signature: `& sharpf sharpc
   * LA_4` and `& sharpf sharpc C_4` are the usual key followed by a plain note. The rest
   * are the key.
   */
  takeHeadAccidental(letter: string): Accidental | null {
    const pending = this.line?.pendingKey ?? [];
    const last = pending.at(-1);
    const completesPipeKey =
      last?.code === 'sharpc' && pending.length === 2 && pending[0]?.code === 'sharpf';
    const own = last && last.code.endsWith(letter) && !completesPipeKey ? pending.pop() : undefined;
    this.settleKey();
    return own ? own.accidental : null;
  }

  endHead(): void {
    this.settleKey();
    if (this.line) this.line.head = false;
  }

  addItem(item: BarItem): void {
    this.ensureLine();
    this.endHead();
    if (this.pendingTempo !== null) {
      this.bar.items.push({ kind: 'tempo', bpm: this.pendingTempo });
      this.pendingTempo = null;
    }
    this.bar.items.push(item);
  }

  openBar(open: Exclude<BarOpen, null>): void {
    this.ensureLine();
    this.endHead();
    if (this.bar.items.length > 0 || this.bar.open !== null) this.flushBar();
    this.bar.open = open;
  }

  closeBar(close: Exclude<BarClose, null>): void {
    const line = this.ensureLine();
    this.endHead();
    // '!I!t': the end of a line right after a bar line closes no bar of its own.
    const empty = this.bar.items.length === 0 && this.bar.open === null;
    if (close === 'line' && empty && line.bars.length > 0) return;
    this.bar.close = close;
    this.flushBar();
  }

  private flushBar(): void {
    const line = this.ensureLine();
    line.bars.push({ open: this.bar.open, items: this.bar.items, close: this.bar.close });
    this.bar = { open: null, items: [], close: null };
  }

  private endLine(): void {
    if (!this.line) return;
    this.settleKey();
    if (this.bar.items.length > 0 || this.bar.open !== null) this.flushBar();
    this.lines.push(this.line);
    this.line = null;
  }

  build(): Tune {
    this.endLine();
    const parts: Part[] = [];
    let current: Line[] = [];
    for (const draft of this.lines) {
      current.push({ key: draft.key, time: draft.time, bars: draft.bars });
      // A part runs up to the line where it (or its repeat) ends.
      const last = draft.bars.at(-1)?.close;
      if (last === 'part' || last === 'repeat') {
        parts.push({ lines: current });
        current = [];
      }
    }
    if (current.length > 0) parts.push({ lines: current });
    return { header: this.header, tempo: this.tempo, texts: this.texts, parts };
  }
}
