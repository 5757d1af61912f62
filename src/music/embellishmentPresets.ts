/**
 * The grace-note trainer's embellishment presets (issue 5, beyond the spec: 'the common
 * embellishments (doublings, throws, grips, taorluaths, birls) as presets, shown and played').
 * The grace notes come from the one embellishment table (src/music/tune/embellishments.ts), so
 * the trainer, the tune reader and playback always agree on what a movement is.
 */
import { noteOf, pitches, type Pitch } from './notes.ts';
import { graceNotes } from './tune/embellishments.ts';

export type PresetFamily = 'Doublings' | 'Throws' | 'Grips' | 'Taorluaths' | 'Birls';
export const presetFamilies: readonly PresetFamily[] = [
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

const bwwSuffix: Readonly<Record<Pitch, string>> = {
  LG: 'lg',
  LA: 'la',
  B: 'b',
  C: 'c',
  D: 'd',
  E: 'e',
  F: 'f',
  HG: 'hg',
  HA: 'ha',
};

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
    id: code === `db${bwwSuffix[melody]}` ? code : `${code}-${melody}`,
    family,
    name,
    code,
    melody,
    graces,
  };
}

/** Every preset, grouped by family in `presetFamilies` order. */
export const embellishmentPresets: readonly EmbellishmentPreset[] = [
  ...pitches.map((p) => preset('Doublings', `${noteOf(p).name} doubling`, `db${bwwSuffix[p]}`, p)),
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
