/**
 * The composer's choices in the address (issue 19 item 2: 'a seed reproduces a tune
 * exactly'): `?form=2/4 march&seed=42&parts=4&bars=8` (and `density=` when not the default, `motif=LA,B,C` when one was given),
 * so a shared link composes the same tune. Anything out of range is dropped, not guessed.
 */
import {
  COMPOSER_FORMS,
  FORM_SPECS,
  type ComposerForm,
} from '../../../music/composer/composerForms.ts';
import { COMPOSER_LIMITS as L } from '../../../music/composer/composition.ts';
import { isPitch, type Pitch } from '../../../music/notes.ts';

export interface ComposerChoices {
  readonly form: ComposerForm;
  readonly parts: number;
  readonly barsPerPart: number;
  /** 0–1 in tenths. */
  readonly density: number;
}

export const DEFAULT_DENSITY = 0.5;

export function defaultChoices(form: ComposerForm = '2/4 march'): ComposerChoices {
  return {
    form,
    parts: FORM_SPECS[form].parts,
    barsPerPart: FORM_SPECS[form].barsPerPart,
    density: DEFAULT_DENSITY,
  };
}

/** Seeds are 32-bit: a whole number in that range composes the same tune anywhere. */
export function parseSeed(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const seed = Number(trimmed);
  return seed <= 0xffffffff ? seed : null;
}

function intIn(text: string | null, min: number, max: number): number | null {
  if (text === null || !/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

export function parseComposerQuery(search: string): {
  choices: ComposerChoices;
  seed: number | null;
  motif: Pitch[];
} {
  const params = new URLSearchParams(search);
  const formText = params.get('form');
  const form = COMPOSER_FORMS.find((f) => f === formText) ?? '2/4 march';
  const base = defaultChoices(form);
  const densityText = params.get('density');
  const density = densityText !== null ? Number(densityText) : NaN;
  return {
    choices: {
      form,
      parts: intIn(params.get('parts'), L.minParts, L.maxParts) ?? base.parts,
      barsPerPart: intIn(params.get('bars'), L.minBars, L.maxBars) ?? base.barsPerPart,
      density:
        Number.isFinite(density) && density >= 0 && density <= 1
          ? Math.round(density * 10) / 10
          : DEFAULT_DENSITY,
    },
    seed: parseSeed(params.get('seed') ?? ''),
    motif: parseMotif(params.get('motif')),
  };
}

/** `LA,B,C` → pitches; a list with any word that is not a chanter note is dropped whole. */
function parseMotif(text: string | null): Pitch[] {
  const words = (text ?? '').split(',').filter(Boolean);
  return words.length <= L.motifMax && words.every(isPitch) ? words : [];
}

export function composerQuery(
  choices: ComposerChoices,
  seed: number,
  motif: readonly Pitch[] = [],
): string {
  const params = new URLSearchParams({
    form: choices.form,
    seed: String(seed),
    parts: String(choices.parts),
    bars: String(choices.barsPerPart),
  });
  if (choices.density !== DEFAULT_DENSITY) params.set('density', String(choices.density));
  if (motif.length > 0) params.set('motif', motif.join(','));
  return `?${params.toString()}`;
}

/** A fresh seed for 'New seed' (not for security: any 32-bit number will do). */
export function newSeed(random: () => number = Math.random): number {
  return Math.floor(random() * 0x100000000) >>> 0;
}
