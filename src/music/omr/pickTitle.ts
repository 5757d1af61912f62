/**
 * Which line of text above the music is the title (issue 20 item 1). An OCR engine answers the
 * lines it saw with their boxes and its confidence; the title is the line set in the largest
 * type — printed collections set it larger than the tune's type, composer and footers — among
 * lines that read as words. A line the engine was unsure of is not a title: 'Recognised tune'
 * (which the piper can change) is better than a guess of stray marks.
 */
import type { PageBox } from './omrTypes.ts';

export interface OcrLine {
  readonly text: string;
  /** 0–100, as Tesseract reports it. */
  readonly confidence: number;
  readonly box: PageBox;
}

/** Below this Tesseract's line is mostly guesses (its own scale; 0–100). */
export const MIN_TITLE_CONFIDENCE = 60;
/** A line longer than this is a paragraph of notes or a footer, not a title. */
export const MAX_TITLE_LENGTH = 120;

/** Spaces collapsed; stray marks at the ends (a rule, a smudge read as '|', '~', '_') dropped. */
export function cleanTitle(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/^[^\p{L}\p{N}'"‘“(]+/u, '')
    .replace(/[^\p{L}\p{N}'"’”).!?]+$/u, '')
    .trim();
}

/** Words, mostly: at least three letters, and letters at least half of what is left. */
function readsAsWords(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters >= 3 && letters >= text.replace(/\s/g, '').length / 2;
}

/** A title wrapped onto a next line is set the same size, its top within this many sizes. */
export const WRAP_DROP = 3;

/**
 * The title among the lines, or null when none reads as one: the line in the largest type,
 * with the lines under it in the same type (a long title wrapped: '… crossing the' / 'Rhine').
 */
export function pickTitle(lines: readonly OcrLine[]): string | null {
  const titles = lines
    .map((line) => ({ ...line, text: cleanTitle(line.text) }))
    .filter(
      (l) =>
        readsAsWords(l.text) &&
        l.confidence >= MIN_TITLE_CONFIDENCE &&
        l.text.length <= MAX_TITLE_LENGTH,
    );
  let best: (typeof titles)[number] | undefined;
  for (const l of titles) if (!best || l.box.height > best.box.height) best = l;
  if (!best) return null;
  const parts = [best];
  for (const l of [...titles].sort((a, b) => a.box.y - b.box.y)) {
    const prev = parts.at(-1)!;
    const size = Math.max(l.box.height, best.box.height) / Math.min(l.box.height, best.box.height);
    if (
      l.box.y > prev.box.y &&
      l.box.y - prev.box.y <= WRAP_DROP * best.box.height &&
      size < 1.15 &&
      l.box.x < prev.box.x + prev.box.width &&
      l.box.x + l.box.width > prev.box.x
    )
      parts.push(l);
  }
  const title = parts.map((p) => p.text).join(' ');
  return title.length <= MAX_TITLE_LENGTH ? title : best.text;
}

interface OcrBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

interface OcrWord {
  readonly text: string;
  readonly confidence: number;
  readonly bbox: OcrBox;
  /** Its characters, each with its own box. */
  readonly symbols?: readonly { readonly text?: string; readonly bbox: OcrBox }[];
}

/** The part of an OCR engine's page answer this reads (Tesseract's blocks → paragraphs → lines). */
export interface OcrPage {
  readonly blocks?:
    | readonly {
        readonly paragraphs: readonly {
          readonly lines: readonly {
            readonly words: readonly OcrWord[];
          }[];
        }[];
      }[]
    | null;
}

/** A gap wider than this many word heights parts a line into columns, not words. */
export const COLUMN_GAP = 1.5;
/**
 * Neighbouring words whose lowercase letters differ this much in height are in two sizes of
 * type: a composer's name set close after the title ('… the Fallen  Major John Cairns, CD').
 */
export const TYPE_CHANGE = 1.3;

/** Lowercase letters with neither ascender nor descender: their height is the x-height. */
const X_LETTERS = /^[acemnorsuvwxz]$/;

const median = (values: readonly number[]): number | null => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length > 0 ? sorted[Math.floor((sorted.length - 1) / 2)]! : null;
};

/**
 * The median height of some words' x-height letters; null with fewer than `least` of them (the
 * engine's character boxes are rough: one letter alone is no measure).
 */
function xHeight(words: readonly OcrWord[], least = 1): number | null {
  const heights = words
    .flatMap((w) => w.symbols ?? [])
    .filter((c) => c.text !== undefined && X_LETTERS.test(c.text))
    .map((c) => c.bbox.y1 - c.bbox.y0);
  return heights.length >= least ? median(heights) : null;
}

const toBox = (b: OcrBox): PageBox => ({
  x: b.x0,
  y: b.y0,
  width: b.x1 - b.x0,
  height: b.y1 - b.y0,
});

/**
 * How big a run of words is set: its x-height (the letters without ascenders or descenders:
 * 'Rhine' and 'crossing the' in one type measure alike, where capitals and ascenders would make
 * a short word look larger), else the median height of its characters. Not the words' boxes: a
 * word's box takes in whatever the engine joined to it (the edge of a shaded panel made 'March'
 * as tall as the title beside it), and a median is not moved by one odd character either.
 */
function typeSize(words: readonly OcrWord[]): number {
  return (
    xHeight(words) ??
    median(words.flatMap((w) => w.symbols ?? []).map((c) => c.bbox.y1 - c.bbox.y0)) ??
    Math.max(...words.map((w) => w.bbox.y1 - w.bbox.y0))
  );
}

/**
 * A run of words, as one OCR line: its text, its words' mean confidence, and a box whose
 * height is its type size (typeSize; the line's own box spans every column and every stray).
 */
function lineOf(words: readonly OcrWord[]): OcrLine {
  const x0 = Math.min(...words.map((w) => w.bbox.x0));
  const x1 = Math.max(...words.map((w) => w.bbox.x1));
  const y0 = Math.min(...words.map((w) => w.bbox.y0));
  const height = typeSize(words);
  return {
    text: words.map((w) => w.text).join(' '),
    // The words' mean: one short word the engine doubted ("o'") does not sink a title.
    confidence: words.reduce((n, w) => n + w.confidence, 0) / words.length,
    box: { x: x0, y: y0, width: x1 - x0, height },
  };
}

/**
 * Every line of an OCR answer, each split at wide gaps: a tune's type, title and composer often
 * share one baseline ('March   Bonnie Dundee   Trad.'), which Tesseract reads as one line.
 */
export function ocrLinesOf(page: OcrPage): OcrLine[] {
  const out: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const { words } of paragraph.lines) {
        let run: OcrWord[] = [];
        for (const word of words) {
          const last = run.at(-1);
          if (last) {
            const height = Math.max(toBox(last.bbox).height, toBox(word.bbox).height);
            const [a, b] = [xHeight([last], 2), xHeight([word], 2)];
            if (
              word.bbox.x0 - last.bbox.x1 > COLUMN_GAP * height ||
              (a && b && Math.max(a, b) / Math.min(a, b) >= TYPE_CHANGE)
            ) {
              out.push(lineOf(run));
              run = [];
            }
          }
          run.push(word);
        }
        if (run.length > 0) out.push(lineOf(run));
      }
    }
  }
  return out;
}
