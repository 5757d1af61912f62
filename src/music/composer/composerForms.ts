/**
 * The tune forms the composer writes (issue 19 item 1) and what makes each one sound like
 * itself: metre, tempo, how long a part usually is, and the rhythm cells a beat is made of.
 *
 * Time is counted in ticks of a semiquaver (0.5 = demisemiquaver, 1 = semiquaver, 1.5 = dotted
 * semiquaver, 2 = quaver, 3 = dotted quaver,
 * 4 = crotchet, 6 = dotted crotchet, 8 = minim, 12 = dotted minim). Cells and their weights
 * follow what pipers play and the College of Piping Tutor describes: a 2/4 march is built of
 * dotted quaver–semiquaver pairs; a strathspey adds the 'Scotch snap' (semiquaver–dotted
 * quaver); a reel runs in even quavers; a jig in quaver triples; a slow air in crotchets and
 * minims. Weights are relative; cadence cells close a phrase on a long note.
 */
export const COMPOSER_FORMS = [
  '2/4 march',
  '6/8 march',
  '3/4 march',
  '4/4 march',
  'retreat',
  'strathspey',
  'reel',
  'jig',
  'hornpipe',
  'slow air',
] as const;
export type ComposerForm = (typeof COMPOSER_FORMS)[number];

/** A rhythm cell: the ticks of the notes filling one beat (or a whole bar for bar cells). */
export interface Cell {
  readonly ticks: readonly number[];
  readonly weight: number;
}

export interface FormSpec {
  readonly form: ComposerForm;
  /** BWW time signature token and its numbers. */
  readonly time: { readonly beats: number; readonly beatType: number; readonly bww: string };
  /** Ticks per beat as felt (a 6/8 beat is a dotted crotchet: 6). */
  readonly beatTicks: number;
  readonly beatsPerBar: number;
  /** Crotchets per minute for playback. */
  readonly tempo: number;
  /** Usual parts and bars per part. */
  readonly parts: number;
  readonly barsPerPart: number;
  /** The word on the score ('March', 'Strathspey' …). */
  readonly label: string;
  /** Cells for an ordinary beat. */
  readonly cells: readonly Cell[];
  /** Cells for the last beat of a phrase (a long note to land on). */
  readonly cadenceCells: readonly Cell[];
  /** Cells for the last beat of a part. */
  readonly finalCells: readonly Cell[];
  /** Whether a part is played twice (repeat signs) — true for most light music. */
  readonly repeated: boolean;
  /**
   * A whole bar a phrase or part may end with, and how often, where the library has no tunes of
   * the form to learn its cadences' rhythm from (barRhythm.ts).
   */
  readonly cadenceBar?: { readonly beats: readonly (readonly number[])[]; readonly chance: number };
}

const c = (weight: number, ...ticks: number[]): Cell => ({ ticks, weight });

const simpleMarch = {
  beatTicks: 4,
  cells: [c(6, 3, 1), c(2, 2, 2), c(1.5, 4), c(0.5, 2, 1, 1)],
  cadenceCells: [c(3, 4), c(1, 3, 1)],
  finalCells: [c(1, 4)],
  repeated: true,
} as const;

export const FORM_SPECS: Readonly<Record<ComposerForm, FormSpec>> = {
  '2/4 march': {
    form: '2/4 march',
    time: { beats: 2, beatType: 4, bww: '2_4' },
    beatsPerBar: 2,
    tempo: 84,
    parts: 4,
    barsPerPart: 8,
    label: 'March',
    ...simpleMarch,
  },
  '3/4 march': {
    form: '3/4 march',
    time: { beats: 3, beatType: 4, bww: '3_4' },
    beatsPerBar: 3,
    tempo: 90,
    parts: 2,
    barsPerPart: 8,
    label: 'March',
    ...simpleMarch,
  },
  '4/4 march': {
    form: '4/4 march',
    time: { beats: 4, beatType: 4, bww: '4_4' },
    beatsPerBar: 4,
    tempo: 84,
    parts: 2,
    barsPerPart: 8,
    label: 'March',
    ...simpleMarch,
  },
  '6/8 march': {
    form: '6/8 march',
    time: { beats: 6, beatType: 8, bww: '6_8' },
    beatTicks: 6,
    beatsPerBar: 2,
    tempo: 100,
    parts: 2,
    barsPerPart: 8,
    label: 'March',
    cells: [c(5, 3, 1, 2), c(2, 4, 2), c(1.5, 2, 2, 2), c(0.5, 6)],
    cadenceCells: [c(3, 6), c(1, 4, 2)],
    finalCells: [c(1, 6)],
    repeated: true,
  },
  retreat: {
    form: 'retreat',
    time: { beats: 3, beatType: 4, bww: '3_4' },
    beatTicks: 4,
    beatsPerBar: 3,
    tempo: 70,
    parts: 2,
    barsPerPart: 8,
    label: 'Retreat',
    cells: [c(4, 4), c(3, 3, 1), c(1, 2, 2)],
    cadenceCells: [c(1, 4)],
    finalCells: [c(1, 4)],
    repeated: true,
  },
  strathspey: {
    form: 'strathspey',
    time: { beats: 4, beatType: 4, bww: 'C' },
    beatTicks: 4,
    beatsPerBar: 4,
    tempo: 140,
    parts: 2,
    barsPerPart: 4,
    label: 'Strathspey',
    cells: [c(5, 3, 1), c(3, 1, 3), c(0.5, 2, 2), c(0.5, 4)],
    cadenceCells: [c(3, 4), c(1, 1, 3)],
    finalCells: [c(1, 4)],
    repeated: true,
  },
  reel: {
    form: 'reel',
    time: { beats: 2, beatType: 2, bww: 'C_' },
    beatTicks: 4,
    beatsPerBar: 4,
    tempo: 180,
    parts: 2,
    barsPerPart: 4,
    label: 'Reel',
    cells: [c(6, 2, 2), c(1.5, 3, 1), c(0.5, 4)],
    cadenceCells: [c(2, 4), c(1, 2, 2)],
    finalCells: [c(1, 4)],
    repeated: true,
  },
  jig: {
    form: 'jig',
    time: { beats: 6, beatType: 8, bww: '6_8' },
    beatTicks: 6,
    beatsPerBar: 2,
    tempo: 120,
    parts: 2,
    barsPerPart: 8,
    label: 'Jig',
    cells: [c(6, 2, 2, 2), c(2, 4, 2), c(0.7, 3, 1, 2)],
    cadenceCells: [c(2, 6), c(1, 4, 2)],
    finalCells: [c(1, 6)],
    repeated: true,
  },
  // A hornpipe is pointed 3:1 on every beat — 'double jig 2:1:2:1, hornpipe 3:1:3:1, reel 1:1:1:1'
  // (Strathspey Server list, 'Reels and Hornpipes', 2006,
  // http://www.strathspey.org/lists/strathspey%40strathspey.org/t/45385/) — at a reel's density,
  // eight notes to the bar ('11111111'): 'although pointed, treat it more like a reel'
  // (B. Robertson, bagpipe-tutorials.com, 'A Traditional Hornpipe', about 86 beats a minute).
  // Pipers write it in 2/4 ('hornpipes … 2/4', T. Cummings, Piping Today 96, 2019; 'eight bars of
  // 2/4', S. K. MacLeod), so a reel's quaver pair is a dotted semiquaver and a demisemiquaver
  // here, four notes to the crotchet beat (until 2026-12-03 the cells were a dotted quaver and a
  // semiquaver: half a hornpipe's notes, a 2/4 march's rhythm). Many hornpipes close a phrase
  // 'dum-dum-dum' — three short notes on the beats, the last held: in 2/4 two quavers and a
  // crotchet — though not all (the same thread).
  hornpipe: {
    form: 'hornpipe',
    time: { beats: 2, beatType: 4, bww: '2_4' },
    beatTicks: 4,
    beatsPerBar: 2,
    tempo: 90,
    parts: 2,
    barsPerPart: 8,
    label: 'Hornpipe',
    cells: [
      c(7, 1.5, 0.5, 1.5, 0.5),
      c(1.5, 1.5, 0.5, 2),
      c(1, 3, 1),
      c(0.5, 1, 1, 1, 1),
      c(0.5, 2, 2),
    ],
    cadenceCells: [c(2, 4), c(1, 2, 2)],
    finalCells: [c(1, 4)],
    repeated: true,
    cadenceBar: { beats: [[2, 2], [4]], chance: 0.5 },
  },
  'slow air': {
    form: 'slow air',
    time: { beats: 3, beatType: 4, bww: '3_4' },
    beatTicks: 4,
    beatsPerBar: 3,
    tempo: 60,
    parts: 2,
    barsPerPart: 8,
    label: 'Slow Air',
    cells: [c(6, 4), c(2, 3, 1), c(1, 2, 2)],
    cadenceCells: [c(1, 4)],
    finalCells: [c(1, 4)],
    repeated: false,
  },
};

export function barTicks(spec: FormSpec): number {
  return spec.beatTicks * spec.beatsPerBar;
}

/**
 * The time signatures a slow air is written in (issue 19 'Evaluated honestly': the library's and
 * the corpus's airs are in 3/4, 4/4 and 6/8, so an air is not a 3/4 form). The composer draws
 * one per seed in proportion to the library's airs of each (planTune.ts).
 */
export const AIR_METERS = ['3/4', '4/4', '6/8'] as const;
export type AirMeter = (typeof AIR_METERS)[number];

const AIR_SPECS: Readonly<Record<AirMeter, FormSpec>> = {
  '3/4': FORM_SPECS['slow air'],
  '4/4': {
    ...FORM_SPECS['slow air'],
    time: { beats: 4, beatType: 4, bww: '4_4' },
    beatsPerBar: 4,
  },
  '6/8': {
    ...FORM_SPECS['slow air'],
    time: { beats: 6, beatType: 8, bww: '6_8' },
    beatTicks: 6,
    beatsPerBar: 2,
    cells: [c(4, 4, 2), c(3, 6), c(1, 3, 1, 2), c(1, 2, 2, 2)],
    cadenceCells: [c(1, 6)],
    finalCells: [c(1, 6)],
  },
};

/** The form's spec in the time signature a composition is written in (slow airs vary). */
export function specOf(form: ComposerForm, meter?: AirMeter): FormSpec {
  return form === 'slow air' && meter ? AIR_SPECS[meter] : FORM_SPECS[form];
}
