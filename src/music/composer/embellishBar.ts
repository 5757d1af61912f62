/**
 * Embellishments on a bar's notes (issue 19 item 1), where pipers put them: on beats more than
 * between them, on long notes more than short ones, doublings on a bar's first note, throws and
 * grips where the learned counts say pipers write them (composerModel.json `graces`), always a
 * legal one (embellishmentRules.ts), and always one between two equal notes. `density` 0–1
 * scales how many.
 */
import { scaleIndex, type Pitch } from '../notes.ts';
import type { Random } from '../random.ts';
import { backoffArray } from './backoff.ts';
import type { ComposerModel } from './learnComposerModel.ts';
import type { GroupStats } from './learnFormStats.ts';
import { legalEmbellishments, type EmbellishmentChoice } from './embellishmentRules.ts';

/** Prior weights per family, added to the learned counts (families the library rarely shows). */
const PRIOR: Readonly<Record<string, number>> = {
  grace: 6,
  doubling: 4,
  'g-strike': 2,
  grip: 1.5,
  taorluath: 1,
  throw: 2,
  birl: 1,
};

export interface EmbellishContext {
  readonly model: ComposerModel;
  readonly density: number;
  readonly prev: Pitch | null;
  /**
   * The form's groups of library tunes (formGroups.ts): when given, the family on each note is
   * drawn from what those tunes write on that note on or off the beat, 'none' included, and
   * `density` 0.5 keeps their rate (0 a quarter as many, 1 four times the chance of one).
   */
  readonly groups?: readonly GroupStats[];
  /** Back-off mass between groups (composerWeights.ts `graces`). */
  readonly backoff?: number;
  /** Back-off mass in tunes (composerWeights.ts `perTune`, backoff.ts Shrink). */
  readonly perTune?: number;
}

/** The learned chances of each family (and 'none') on `pitch`, on or off the beat. */
export function familyChances(
  groups: readonly GroupStats[],
  families: readonly string[],
  pitch: number,
  strong: boolean,
  k: number,
  perTune: number,
): number[] {
  const where = strong ? 'on' : 'off';
  const prior = families.map(() => 1 / families.length);
  const levels = groups.map((g) => families.map((f) => g.graces[where][f]?.[pitch] ?? 0));
  return backoffArray(levels, k, prior, { tunes: groups.map((g) => g.tunes), perTune });
}

function learnedChoice(
  legal: readonly EmbellishmentChoice[],
  note: Pitch,
  repeated: boolean,
  strong: boolean,
  context: Pick<EmbellishContext, 'density' | 'groups' | 'backoff' | 'perTune'>,
  random: Random,
): string | null {
  const families = ['none', ...new Set(legal.map((c) => c.family))];
  const chances = familyChances(
    context.groups!,
    families,
    scaleIndex(note),
    strong,
    context.backoff ?? 8,
    context.perTune ?? 0,
  );
  const perCode = new Map(families.map((f) => [f, legal.filter((c) => c.family === f).length]));
  const options: { code: string | null; weight: number }[] = legal.map((c) => ({
    code: c.code,
    // A family's chance is shared among its legal codes; the thumb gracenote is the exception
    // in light music, the G gracenote the rule.
    weight:
      (chances[families.indexOf(c.family)]! / perCode.get(c.family)!) *
      (c.code === 'tg' && note !== 'HG' ? 0.15 : 1),
  }));
  if (!repeated) {
    options.push({ code: null, weight: chances[0]! * 4 ** (1 - 2 * context.density) });
  }
  const total = options.reduce((s, o) => s + o.weight, 0);
  let r = random() * total;
  for (const option of options) {
    r -= option.weight;
    if (r < 0) return option.code;
  }
  return options.at(-1)?.code ?? null;
}

export function chooseEmbellishment(
  prev: Pitch | null,
  note: Pitch,
  place: { strong: boolean; ticks: number; first: boolean },
  context: Pick<EmbellishContext, 'model' | 'density' | 'groups' | 'backoff' | 'perTune'>,
  random: Random,
): string | null {
  const legal = legalEmbellishments(prev, note);
  const repeated = prev === note;
  if (context.groups && context.groups.length > 0) {
    return learnedChoice(legal, note, repeated, place.strong, context, random);
  }
  const chance = repeated
    ? 1
    : place.strong
      ? 0.25 + 0.6 * context.density
      : 0.04 + 0.2 * context.density;
  if (random() >= chance) return null;
  const pitch = scaleIndex(note);
  const choices: { choice: EmbellishmentChoice; weight: number }[] = legal
    // Equal notes need something that leaves the note and comes back: not a doubling's
    // first gracenote alone — every legal choice here does; keep them all.
    .map((choice) => {
      const learned = context.model.graces[choice.family]?.[pitch] ?? 0;
      let weight = learned + (PRIOR[choice.family] ?? 0.5);
      const heavy = choice.family !== 'grace';
      if (heavy && !place.strong) weight *= 0.1;
      if (heavy && place.ticks < 3) weight *= 0.3;
      if (choice.family === 'doubling' && place.first) weight *= 2;
      // The thumb gracenote is the exception in light music; the G gracenote the rule.
      if (choice.code === 'tg') weight *= note === 'HG' ? 1 : 0.15;
      if (heavy) weight *= 0.4 + context.density;
      return { choice, weight };
    });
  const total = choices.reduce((sum, c) => sum + c.weight, 0);
  let r = random() * total;
  for (const { choice, weight } of choices) {
    r -= weight;
    if (r < 0) return choice.code;
  }
  return choices.at(-1)?.choice.code ?? null;
}
