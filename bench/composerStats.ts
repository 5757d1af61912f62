/**
 * What bench:composer compares between composed and real tunes (issue 19, 'Evaluated honestly'):
 * distributions counted the same way from any tune in the app's model, and the Jensen–Shannon
 * distance between two of them. Grace-note families come from the embellishment table.
 */
import { scaleIndex } from '../src/music/notes.ts';
import { barsOf, type Note, type TimeSignature, type Tune } from '../src/music/tune/tune.ts';

export type Histogram = Map<string, number>;

export interface TuneFeatures {
  readonly pitch: Histogram;
  readonly interval: Histogram;
  /** Note length by its place in the beat ('0:3' = a dotted quaver on the beat). */
  readonly rhythm: Histogram;
  /** Embellishment family (or none) on and off the beat. */
  readonly graceByBeat: Histogram;
  /** Embellishment family (or none) per melody note. */
  readonly graceByNote: Histogram;
  /** The note every second bar ends on (phrase halves and ends). */
  readonly phraseEnd: Histogram;
}

export const FEATURE_NAMES = [
  'pitch',
  'interval',
  'rhythm',
  'graceByBeat',
  'graceByNote',
  'phraseEnd',
] as const;

export const ticksOf = (n: Pick<Note, 'duration' | 'dots'>): number =>
  (16 / n.duration) * (n.dots === 1 ? 1.5 : n.dots === 2 ? 1.75 : 1);

const add = (h: Histogram, key: string, by = 1) => h.set(key, (h.get(key) ?? 0) + by);

export function emptyFeatures(): TuneFeatures {
  return {
    pitch: new Map(),
    interval: new Map(),
    rhythm: new Map(),
    graceByBeat: new Map(),
    graceByNote: new Map(),
    phraseEnd: new Map(),
  };
}

/** Ticks a bar of this time signature holds (1 = semiquaver). */
const barLength = (beats: number, beatType: number) => (16 / beatType) * beats;

/**
 * Adds one tune's counts to `into`. A part's pickup (its first bar, shorter than the time
 * signature's bar) is counted where it is played — at the end of a bar, so a one-quaver pickup
 * in 2/4 is off the beat — and phrase ends count full bars from each part's first full bar, so a
 * tune with a pickup has its phrase ends on bars 2, 4, … after it (issue 19 'Evaluated honestly',
 * the bench fault found in the second composer session: pickups shifted both).
 */
export function countFeatures(tune: Tune, into: TuneFeatures = emptyFeatures()): TuneFeatures {
  let beats = 4;
  let beatType = 4;
  let beatTicks = 4;
  let prev: number | null = null;
  const setTime = (time: TimeSignature) => {
    beats = time.beats;
    beatType = time.beatType;
    beatTicks = time.beatType === 8 && time.beats % 3 === 0 ? 6 : 16 / time.beatType;
  };
  for (const part of tune.parts) {
    let fullBars = 0;
    let firstWithNotes = true;
    // The time signature usually stands at a line's start (line.time), rarely inside a bar.
    const bars = part.lines.flatMap((l) =>
      l.bars.map((bar, i) => ({ bar, time: i === 0 ? l.time : null })),
    );
    for (const { bar, time } of bars) {
      if (time) setTime(time);
      for (const item of bar.items) if (item.kind === 'time') setTime(item);
      const length = bar.items.reduce(
        (sum, i) => sum + (i.kind === 'note' || i.kind === 'rest' ? ticksOf(i) : 0),
        0,
      );
      const hasNotes = bar.items.some((i) => i.kind === 'note');
      const full = length >= barLength(beats, beatType) - 1e-9;
      const pickup = firstWithNotes && hasNotes && !full;
      if (hasNotes) firstWithNotes = false;
      let at = pickup ? barLength(beats, beatType) - length : 0;
      let last: Note | null = null;
      for (const item of bar.items) {
        if (item.kind === 'rest') at += ticksOf(item);
        if (item.kind !== 'note') continue;
        const pitch = scaleIndex(item.pitch);
        add(into.pitch, item.pitch);
        if (prev !== null) add(into.interval, String(pitch - prev));
        const inBeat = Math.round((at % beatTicks) * 4) / 4;
        add(into.rhythm, `${inBeat}:${ticksOf(item)}`);
        const family = item.embellishments[0]?.family ?? 'none';
        add(into.graceByBeat, `${inBeat === 0 ? 'on' : 'off'}:${family}`);
        add(into.graceByNote, `${item.pitch}:${family}`);
        at += ticksOf(item);
        prev = pitch;
        last = item;
      }
      // A short bar that closes the part (its last, short by the pickup it opened with, as pipe
      // music writes it: pickupBar.ts) ends the part's last phrase, so it counts; only the
      // pickup itself does not (third composer session's fault: every tune with a pickup lost
      // its final cadence from the phrase ends).
      if (pickup || !last) continue;
      fullBars += 1;
      if (fullBars % 2 === 0) add(into.phraseEnd, last.pitch);
    }
  }
  return into;
}

/** Jensen–Shannon distance (the square root of the divergence, base 2): 0 same, 1 disjoint. */
export function jsDistance(a: Histogram, b: Histogram): number {
  const keys = new Set([...a.keys(), ...b.keys()]);
  const total = (h: Histogram) => [...h.values()].reduce((s, v) => s + v, 0) || 1;
  const ta = total(a);
  const tb = total(b);
  let divergence = 0;
  for (const key of keys) {
    const p = (a.get(key) ?? 0) / ta;
    const q = (b.get(key) ?? 0) / tb;
    const m = (p + q) / 2;
    if (p > 0) divergence += 0.5 * p * Math.log2(p / m);
    if (q > 0) divergence += 0.5 * q * Math.log2(q / m);
  }
  return Math.sqrt(Math.max(0, divergence));
}

/** Each bar's melody as 'PITCH/ticks …', to find two-bar runs shared between tunes. */
export function barKeys(tune: Tune): string[] {
  return barsOf(tune)
    .map((bar) =>
      bar.items
        .filter((i): i is Note => i.kind === 'note')
        .map((n) => `${n.pitch}/${ticksOf(n)}`)
        .join(' '),
    )
    .filter((key) => key.length > 0);
}

export function twoBarRuns(tune: Tune): Set<string> {
  const keys = barKeys(tune);
  const runs = new Set<string>();
  for (let i = 0; i + 1 < keys.length; i++) runs.add(`${keys[i]} | ${keys[i + 1]}`);
  return runs;
}
