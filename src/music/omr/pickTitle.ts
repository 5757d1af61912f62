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

/** The title among the lines, or null when none reads as one. */
export function pickTitle(lines: readonly OcrLine[]): string | null {
  let best: { text: string; height: number } | null = null;
  for (const line of lines) {
    const text = cleanTitle(line.text);
    const letters = text.match(/\p{L}/gu)?.length ?? 0;
    // Words, mostly: at least three letters, and letters at least half of what is left.
    if (letters < 3 || letters < text.replace(/\s/g, '').length / 2) continue;
    if (line.confidence < MIN_TITLE_CONFIDENCE || text.length > MAX_TITLE_LENGTH) continue;
    if (!best || line.box.height > best.height) best = { text, height: line.box.height };
  }
  return best?.text ?? null;
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

const toBox = (b: OcrBox): PageBox => ({
  x: b.x0,
  y: b.y0,
  width: b.x1 - b.x0,
  height: b.y1 - b.y0,
});

/**
 * A run of words, as one OCR line: its text, its words' least confidence, and a box as tall as
 * its tallest word (a word, not the line: Tesseract's line box spans every column).
 */
function lineOf(words: readonly OcrWord[]): OcrLine {
  const x0 = Math.min(...words.map((w) => w.bbox.x0));
  const x1 = Math.max(...words.map((w) => w.bbox.x1));
  const y0 = Math.min(...words.map((w) => w.bbox.y0));
  const height = Math.max(...words.map((w) => w.bbox.y1 - w.bbox.y0));
  return {
    text: words.map((w) => w.text).join(' '),
    confidence: Math.min(...words.map((w) => w.confidence)),
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
            if (word.bbox.x0 - last.bbox.x1 > COLUMN_GAP * height) {
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
