/**
 * The grace-note trainer's embellishment presets (issue 5, beyond the spec: 'the common
 * embellishments (doublings, throws, grips, taorluaths, birls) as presets, shown and played'),
 * led by the single gracenotes and strikes a learner starts with (issue 22 item 1).
 * The grace notes come from the one embellishment table (src/music/tune/embellishments.ts), so
 * the trainer, the tune reader and playback always agree on what a movement is.
 */
import { noteOf, pitches, type Pitch } from './notes.ts';
import { bwwNoteSuffix, graceNotes } from './tune/embellishments.ts';

export type PresetFamily =
  'Gracenotes' | 'Strikes' | 'Doublings' | 'Throws' | 'Grips' | 'Taorluaths' | 'Birls';
export const presetFamilies: readonly PresetFamily[] = [
  'Gracenotes',
  'Strikes',
  'Doublings',
  'Throws',
  'Grips',
  'Taorluaths',
  'Birls',
];

export interface EmbellishmentPreset {
  /** Stable id: the BWW code plus the melody note, e.g. 'dbd' or 'grp-LA'. */
  readonly id: string;
  readonly family: PresetFamily;
  readonly name: string;
  /** The BWW code in the embellishment table. */
  readonly code: string;
  /** The melody note the movement is played on. */
  readonly melody: Pitch;
  /** Grace notes in playing order. */
  readonly graces: readonly Pitch[];
}

function preset(
  family: PresetFamily,
  name: string,
  code: string,
  melody: Pitch,
): EmbellishmentPreset {
  // Played from silence (no previous note), so no leading gracenote is dropped.
  const graces = graceNotes(code, { prev: null, note: melody });
  if (graces.length === 0) throw new Error(`Unknown embellishment code ${code}`);
  return {
    id: code === `db${bwwNoteSuffix[melody]}` ? code : `${code}-${melody}`,
    family,
    name,
    code,
    melody,
    graces,
  };
}

const gracenote = (name: string, code: string, melody: Pitch) =>
  preset('Gracenotes', `${name} gracenote on ${noteOf(melody).name}`, code, melody);
const strike = (code: string, melody: Pitch, light = false) =>
  preset('Strikes', `${light ? 'Light strike' : 'Strike'} on ${noteOf(melody).name}`, code, melody);

/** Every preset, grouped by family in `presetFamilies` order. */
export const embellishmentPresets: readonly EmbellishmentPreset[] = [
  // Single gracenotes (BWW ag…tg), each above its note: the G gracenote on the notes a tutor
  // starts with, D and E gracenotes on the low hand, F on E, the thumb (High A) gracenote on
  // High G where a G gracenote cannot go, and the rarer C and B gracenotes.
  gracenote('G', 'gg', 'LA'),
  gracenote('G', 'gg', 'D'),
  gracenote('G', 'gg', 'E'),
  gracenote('D', 'dg', 'LA'),
  gracenote('D', 'dg', 'B'),
  gracenote('E', 'eg', 'LA'),
  gracenote('E', 'eg', 'D'),
  gracenote('F', 'fg', 'E'),
  gracenote('Thumb (High A)', 'tg', 'HG'),
  gracenote('C', 'cg', 'LA'),
  gracenote('B', 'bg', 'LG'),
  // Strikes (BWW str…): the gracenote just below the note, as in the embellishment table —
  // Low G under Low A…D (C in the light strike on D), Low A under E, E under F, F under
  // High G, High G under High A.
  strike('strlg', 'LA'),
  strike('strlg', 'B'),
  strike('strlg', 'C'),
  strike('strlg', 'D'),
  strike('strc', 'D', true),
  strike('strla', 'E'),
  strike('stre', 'F'),
  strike('strf', 'HG'),
  strike('strhg', 'HA'),
  ...pitches.map((p) =>
    preset('Doublings', `${noteOf(p).name} doubling`, `db${bwwNoteSuffix[p]}`, p),
  ),
  preset('Throws', 'Throw on D', 'thrd', 'D'),
  preset('Throws', 'Heavy throw on D', 'hvthrd', 'D'),
  preset('Grips', 'Grip', 'grp', 'LA'),
  preset('Grips', 'Grip on B', 'grpb', 'LA'),
  preset('Taorluaths', 'Taorluath', 'tar', 'LA'),
  preset('Taorluaths', 'Taorluath onto E', 'tar', 'E'),
  preset('Birls', 'Birl', 'brl', 'LA'),
  preset('Birls', 'G-gracenote birl', 'gbr', 'LA'),
  preset('Birls', 'Thumb birl', 'tbr', 'LA'),
];

export function presetById(id: string): EmbellishmentPreset | undefined {
  return embellishmentPresets.find((p) => p.id === id);
}

/** 'High G, D, E, then D': the movement in words, for the status line and screen readers. */
export function describePreset(p: EmbellishmentPreset): string {
  return `${p.graces.map((g) => noteOf(g).name).join(', ')}, then ${noteOf(p.melody).name}`;
}
