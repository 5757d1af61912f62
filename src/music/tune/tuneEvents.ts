/**
 * A tune as a flat list of written events, for comparing two files note by note (issue 15
 * item 4, `npm run bww -- --events`): every grace note, melody note and rest in page order
 * (repeats not unfolded), with its bar and its value as a fraction of a whole note.
 *
 * Grace notes are the ones played in context (../tune/embellishments.ts `graceNotes`), as the
 * MusicXML export writes them, so a BWW file and its MusicXML compare equal. Bars are counted
 * from 1 over the bars that hold a note or rest: empty bars a writer leaves (a lone repeat
 * sign, a bar of text) do not shift the numbers.
 */
import type { Pitch } from '../notes.ts';
import { graceNotes } from './embellishments.ts';
import type { Tune } from './tune.ts';

export interface TuneEvent {
  /** 1-based number of the tune in its file. */
  readonly tune: number;
  readonly bar: number;
  readonly kind: 'melody' | 'grace' | 'rest';
  readonly pitch: Pitch | null;
  /** Fraction of a whole note, lowest terms ('1/8', '3/16', '1/12'); '0' for a grace note. */
  readonly duration: string;
  /** The embellishment a grace note belongs to (its BWW code, e.g. 'dbhg'); null otherwise. */
  readonly embellishment: string | null;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** `num/den` in lowest terms. */
export function fraction(num: number, den: number): string {
  const g = gcd(num, den) || 1;
  return `${num / g}/${den / g}`;
}

/** Every event of a tune (see the module comment); `number` is its place in the file. */
export function tuneEvents(tune: Tune, number = 1): TuneEvent[] {
  const events: TuneEvent[] = [];
  let bar = 0;
  let prev: Pitch | null = null;
  let tuplet: { actual: number; normal: number } | null = null;
  for (const part of tune.parts) {
    for (const line of part.lines) {
      for (const b of line.bars) {
        if (!b.items.some((i) => i.kind === 'note' || i.kind === 'rest')) continue;
        bar++;
        for (const item of b.items) {
          if (item.kind !== 'note' && item.kind !== 'rest') continue;
          if (item.tupletStart) tuplet = item.tupletStart;
          // 1/duration of a whole, times 3/2 or 7/4 for dots, times normal/actual in a tuplet.
          let num = item.dots === 2 ? 7 : item.dots === 1 ? 3 : 1;
          let den = item.duration * (item.dots === 2 ? 4 : item.dots === 1 ? 2 : 1);
          if (tuplet) {
            num *= tuplet.normal;
            den *= tuplet.actual;
          }
          if (item.tupletEnd) tuplet = null;
          const duration = fraction(num, den);
          if (item.kind === 'rest') {
            events.push({
              tune: number,
              bar,
              kind: 'rest',
              pitch: null,
              duration,
              embellishment: null,
            });
            continue;
          }
          for (const e of item.embellishments) {
            for (const pitch of graceNotes(e, { prev, note: item.pitch })) {
              events.push({
                tune: number,
                bar,
                kind: 'grace',
                pitch,
                duration: '0',
                embellishment: e.code,
              });
            }
          }
          events.push({
            tune: number,
            bar,
            kind: 'melody',
            pitch: item.pitch,
            duration,
            embellishment: null,
          });
          prev = item.pitch;
        }
      }
    }
  }
  return events;
}
