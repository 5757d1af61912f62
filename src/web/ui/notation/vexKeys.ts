/**
 * Pure mappings from the tune model to VexFlow's vocabulary (no VexFlow import, so they are
 * tested with plain values). Staff positions are spec §3: Low G g/4 … High A a/5.
 */
import { noteOf, type Pitch } from '../../../music/notes.ts';
import type { Duration } from '../../../music/tune/tune.ts';

/** VexFlow key of a chanter pitch on the treble staff (R-3.NOTES-03), e.g. 'd/5'. */
export function staffKey(pitch: Pitch): string {
  return noteOf(pitch).staff;
}

const durationCodes: Readonly<Record<Duration, string>> = {
  1: 'w',
  2: 'h',
  4: 'q',
  8: '8',
  16: '16',
  32: '32',
  64: '64',
};

/** VexFlow duration code of a note value: 4 → 'q', 16 → '16'. */
export function vexDuration(duration: Duration): string {
  return durationCodes[duration];
}

const ordinal = (n: string): string =>
  n === '1' ? '1st' : n === '2' ? '2nd' : n === '3' ? '3rd' : `${n}th`;

/**
 * The text over a time line (ending bracket), as pipe music prints it: '1' → '1st',
 * '2' → '2nd', '24' → '2nd & 4th'; a word ('intro') is shown capitalised.
 */
export function endingLabel(label: string): string {
  const trimmed = label.trim();
  if (/^\d+$/.test(trimmed)) return [...new Set(trimmed.split(''))].map(ordinal).join(' & ');
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** VexFlow time-signature spec: common time 'C', cut time 'C|', else '6/8'. */
export function timeSpec(time: {
  readonly beats: number;
  readonly beatType: number;
  readonly symbol: 'common' | 'cut' | null;
}): string {
  if (time.symbol === 'common') return 'C';
  if (time.symbol === 'cut') return 'C|';
  return `${time.beats}/${time.beatType}`;
}
