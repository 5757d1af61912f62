/**
 * The shapes shared by every stage of optical music recognition for pipe notation (issue 20):
 * the page as grey levels in, the tune model plus where each bar sits on the page out. Pure
 * data, so a result crosses the worker boundary and prints as JSON (`npm run omr -- --json`).
 */
import type { Tune } from '../tune/tune.ts';

/** A page as 8-bit grey levels, row-major, 0 = black ink, 255 = white paper. */
export interface GrayImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** A rectangle in page pixels. */
export interface PageBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One recognised bar: where it is in the tune, where it is on the page, how sure the reader is. */
export interface OmrBar {
  /** Indices into `tune.parts[part].lines[line].bars[bar]`. */
  readonly part: number;
  readonly line: number;
  readonly bar: number;
  readonly region: PageBox;
  /** 0–1; below OMR_UNSURE the screen marks the bar for checking. */
  readonly confidence: number;
  /** Page regions of the bar's melody notes, in the order of the bar's notes. */
  readonly notes: readonly PageBox[];
}

export const OMR_UNSURE = 0.8;

export const omrMessages = {
  noStaves: 'No pipe staves found on this page',
} as const;

export type OmrResult =
  | {
      readonly ok: true;
      readonly tune: Tune;
      readonly bars: readonly OmrBar[];
      /** Things read with doubt or skipped, each naming where ('line 2, bar 3: …'). */
      readonly warnings: readonly string[];
    }
  | { readonly ok: false; readonly error: string };
