/**
 * Time signatures for the metronome (issue 22 item 2): which click of a bar is the accented
 * first beat, which are the other beats, and, in compound time, which are the quavers between
 * them. Pure, so tested with plain numbers.
 *
 * In simple time (2/4, 3/4, 4/4) the beat is the crotchet and the bar has 2, 3 or 4 of them.
 * In compound time (6/8, 9/8, 12/8) the beat is the dotted crotchet — three quavers — so a
 * 6/8 bar has 2 beats, 9/8 has 3 and 12/8 has 4, and the BPM counts dotted crotchets, as
 * pipers count jigs and 6/8 marches ('two in a bar').
 */

export type TimeSignature = '2/4' | '3/4' | '4/4' | '6/8' | '9/8' | '12/8';
export const timeSignatures: readonly TimeSignature[] = ['2/4', '3/4', '4/4', '6/8', '9/8', '12/8'];
/** Common time, the usual metronome default. */
export const DEFAULT_TIME_SIGNATURE: TimeSignature = '4/4';

export interface Meter {
  /** Beats (pulses) a bar: the dots of the bar-position display. */
  readonly beatsPerBar: number;
  /** Clicks a beat: 1 in simple time, 3 quavers in compound time. */
  readonly clicksPerBeat: 1 | 3;
  readonly compound: boolean;
}

export function meterOf(ts: TimeSignature): Meter {
  const [top] = ts.split('/').map(Number) as [number, number];
  const compound = ts.endsWith('/8');
  return compound
    ? { beatsPerBar: top / 3, clicksPerBeat: 3, compound }
    : { beatsPerBar: top, clicksPerBeat: 1, compound };
}

/** A stored or typed value as a time signature; anything else is the default. */
export function asTimeSignature(value: unknown): TimeSignature {
  return timeSignatures.includes(value as TimeSignature)
    ? (value as TimeSignature)
    : DEFAULT_TIME_SIGNATURE;
}

/** 'accent': the first beat of a bar; 'beat': any other beat; 'sub': a quaver between beats. */
export type ClickKind = 'accent' | 'beat' | 'sub';

export interface Click {
  readonly kind: ClickKind;
  /** Beats since the start, counting from 0: the beat this click is on or inside. */
  readonly beat: number;
  /** 1-based position of that beat in its bar. */
  readonly beatInBar: number;
}

/** The `index`th click since the start (0-based), the first being the first beat of a bar. */
export function clickAt(index: number, meter: Meter): Click {
  const beat = Math.floor(index / meter.clicksPerBeat);
  const onBeat = index % meter.clicksPerBeat === 0;
  const beatInBar = (beat % meter.beatsPerBar) + 1;
  return { kind: !onBeat ? 'sub' : beatInBar === 1 ? 'accent' : 'beat', beat, beatInBar };
}

/** Clicks a minute at `bpm` beats a minute: three quavers per dotted crotchet in compound time. */
export const clicksPerMinute = (bpm: number, meter: Meter): number => bpm * meter.clicksPerBeat;
