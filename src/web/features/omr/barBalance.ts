/**
 * Whether a bar adds up to its time signature after a correction (issue 20 item 2, omr-ux:
 * every correction is checked for a balanced bar, as the AI Composer's note editor keeps its
 * bars whole). The reader's own rule (assembleTune): a tune's or part's first bar (a pickup) and
 * a bar closing a part or repeat may be short; any other bar should fill the time signature.
 * A correction is never refused — the piper may be half-way through mending a bar — but the
 * editor says in words where the bar stands.
 */
import { crotchets } from '../../../music/tune/performance.ts';
import type { Note, TimeSignature, Tune } from '../../../music/tune/tune.ts';
import { barAt, type BarRef } from './editRecognisedNote.ts';
import { timeAt } from './editRecognisedBar.ts';

export interface BarBalance {
  /** The notes' length, in crotchets. */
  readonly length: number;
  /** What the time signature asks for, in crotchets. */
  readonly expected: number;
  readonly time: TimeSignature;
  /** 'full'; 'short' where a short bar is allowed (pickup, end of a part); 'under'; 'over'. */
  readonly status: 'full' | 'short' | 'under' | 'over';
}

const EPSILON = 1 / 64;

export function barBalance(tune: Tune, ref: BarRef): BarBalance | null {
  const bar = barAt(tune, ref);
  if (!bar) return null;
  const time = timeAt(tune, ref) ?? { kind: 'time', beats: 2, beatType: 4, symbol: null };
  const expected = (time.beats * 4) / time.beatType;
  const length = bar.items
    .filter((i): i is Note => i.kind === 'note')
    .reduce((sum, n) => sum + crotchets(n), 0);
  const mayBeShort =
    (ref.line === 0 && ref.bar === 0) || bar.close === 'part' || bar.close === 'repeat';
  const status =
    Math.abs(length - expected) < EPSILON
      ? 'full'
      : length > expected
        ? 'over'
        : mayBeShort
          ? 'short'
          : 'under';
  return { length, expected, time, status };
}

/** 1.5 → '1½', 0.25 → '¼'; crotchets as a piper counts them. */
export function crotchetWords(n: number): string {
  const whole = Math.floor(n + EPSILON);
  const rest = n - whole;
  const fractions: ReadonlyArray<readonly [number, string]> = [
    [0, ''],
    [0.125, '⅛'],
    [0.25, '¼'],
    [0.375, '⅜'],
    [0.5, '½'],
    [0.625, '⅝'],
    [0.75, '¾'],
    [0.875, '⅞'],
  ];
  const near = fractions.find(([f]) => Math.abs(f - rest) < EPSILON);
  const text = near ? `${whole || (near[1] ? '' : '0')}${near[1]}` : n.toFixed(2);
  return `${text} ${Math.abs(n - 1) < EPSILON ? 'crotchet' : 'crotchets'}`;
}

/** The editor's sentence about the bar's balance. */
export function balanceWords(balance: BarBalance): string {
  const time = `${balance.time.beats}/${balance.time.beatType}`;
  const has = crotchetWords(balance.length);
  const needs = crotchetWords(balance.expected);
  switch (balance.status) {
    case 'full':
      return `The bar adds up: ${has}, as ${time} needs.`;
    case 'short':
      return `The bar has ${has}; ${time} needs ${needs}, but a pickup or a part’s last bar may be short.`;
    case 'under':
      return `The bar is short: ${has}, but ${time} needs ${needs}. Add a note or lengthen one.`;
    case 'over':
      return `The bar is too long: ${has}, but ${time} needs ${needs}. Delete a note or shorten one.`;
  }
}
