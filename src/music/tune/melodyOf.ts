/**
 * A tune's melody as the library keeps it for similarity and find-by-playing (issue 15 items 3
 * and 6): the melody notes' pitches in page order, grace notes left out (a piper playing the
 * tune, or the detector hearing it, gives the melody), a tied note counted once (the tie's
 * second note is the first one held on).
 */
import type { Pitch } from '../notes.ts';
import { barsOf, type Tune } from './tune.ts';

export interface MelodyNote {
  readonly pitch: Pitch;
  /** 1-based bar of the page (repeats not unfolded). */
  readonly bar: number;
}

export function melodyNotesOf(tune: Tune): MelodyNote[] {
  const notes: MelodyNote[] = [];
  let tiedFrom: Pitch | null = null;
  barsOf(tune).forEach((bar, index) => {
    for (const item of bar.items) {
      if (item.kind === 'rest') tiedFrom = null;
      if (item.kind !== 'note') continue;
      if (tiedFrom !== item.pitch) notes.push({ pitch: item.pitch, bar: index + 1 });
      tiedFrom = item.tie ? item.pitch : null;
    }
  });
  return notes;
}

/** 'LA B C …': the library_settings.melody column's text. */
export function melodyOf(tune: Tune): string {
  return melodyNotesOf(tune)
    .map((note) => note.pitch)
    .join(' ');
}
