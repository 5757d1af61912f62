/**
 * The composer's own working form of a tune (issue 19): parts of bars of beats of notes, each
 * note a pitch, a length in ticks (1 = semiquaver) and at most one embellishment code. It is
 * what regenerate-a-bar, transpose and edit change; toTune() turns it into the app's tune model
 * (hence BWW, MusicXML, the renderer and the player).
 */
import type { Pitch } from '../notes.ts';
import type { AirMeter, ComposerForm } from './composerForms.ts';

export interface ComposedNote {
  readonly pitch: Pitch;
  readonly ticks: number;
  readonly embellishment: string | null;
}

/** A bar as beats (a beat's notes are beamed together). */
export interface ComposedBar {
  readonly beats: readonly (readonly ComposedNote[])[];
}

export type BarRole = 'open' | 'middle' | 'half' | 'final';
export type Chord = 'A' | 'G' | 'D';

export interface BarPlan {
  readonly role: BarRole;
  readonly chord: Chord;
  /**
   * The bar's cadence note, else null: the bar ends on it — or, when `leadIn` is set, lands on
   * it at its last beat (or the one before) and then ends on the lead-in.
   */
  readonly target: Pitch | null;
  /**
   * A part's last bar may end on a lead-in note into the repeat or the next part after landing
   * on its cadence note, as pipers write (issue 19 item 1, cadences; learned from the library).
   */
  readonly leadIn?: Pitch;
  /** This bar repeats another (the form's restatement or the parts' shared ending). */
  readonly copyOf: { readonly part: number; readonly bar: number } | null;
}

export interface PartPlan {
  readonly bars: readonly BarPlan[];
  /** Centre of the part's range, as a scale step (later parts sit higher). */
  readonly centre: number;
}

export interface ComposePlan {
  readonly form: ComposerForm;
  /** A slow air's time signature (composerForms.ts specOf); other forms have their own. */
  readonly meter?: AirMeter;
  /** The tune's home note: A (Low A, the usual) or D. */
  readonly key: 'A' | 'D';
  readonly parts: readonly PartPlan[];
  /**
   * The note lengths of the pickup the tune opens with (pickupBar.ts); the tune's last bar is
   * short by as much. Absent when the tune opens on the beat.
   */
  readonly pickup?: readonly number[];
}

export interface ComposeOptions {
  readonly form: ComposerForm;
  readonly parts?: number;
  readonly barsPerPart?: number;
  /** 0 (plain) … 1 (as graced as a competition setting). */
  readonly density?: number;
  readonly seed: number;
  /** Melody notes to begin with, kept exactly as given (played or taken from a bar). */
  readonly motif?: readonly Pitch[];
  readonly title?: string;
  /** A slow air's time signature; without it the seed draws one as the library's airs use. */
  readonly meter?: AirMeter;
}

export interface Composition {
  readonly options: ComposeOptions;
  readonly plan: ComposePlan;
  readonly parts: readonly (readonly ComposedBar[])[];
  /** The pickup's notes (one beat-group), before the first part's first bar; see ComposePlan. */
  readonly pickup?: ComposedBar;
  /** Per bar, how many times it was regenerated (its random stream's variant). */
  readonly variants: readonly (readonly number[])[];
}

export const COMPOSER_LIMITS = {
  minParts: 1,
  maxParts: 8,
  minBars: 2,
  maxBars: 16,
  motifMax: 16,
} as const;

/** The note lengths the tune model can write (toTune's table): demisemiquaver … semibreve. */
export const WRITABLE_TICKS: readonly number[] = [0.5, 1, 1.5, 2, 3, 4, 6, 8, 12, 16];

export function notesOfBar(bar: ComposedBar): ComposedNote[] {
  return bar.beats.flat();
}

/** Every note of a composition in order, with its part and bar (the pickup's: part 0, bar −1). */
export function notesOfComposition(
  composition: Pick<Composition, 'parts' | 'pickup'>,
): { part: number; bar: number; note: ComposedNote }[] {
  const pickup = composition.pickup ? notesOfBar(composition.pickup) : [];
  return [
    ...pickup.map((note) => ({ part: 0, bar: -1, note })),
    ...composition.parts.flatMap((bars, part) =>
      bars.flatMap((bar, index) => notesOfBar(bar).map((note) => ({ part, bar: index, note }))),
    ),
  ];
}
