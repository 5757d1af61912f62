/**
 * Embellishments on a bar's notes (issue 19 item 1), where pipers put them: on beats more than
 * between them, on long notes more than short ones, doublings on a bar's first note, throws and
 * grips where the learned counts say pipers write them (composerModel.json `graces`), always a
 * legal one (embellishmentRules.ts), and always one between two equal notes. `density` 0–1
 * scales how many.
 */
import { scaleIndex, type Pitch } from '../notes.ts';
import type { Random } from '../random.ts';
import type { ComposerModel } from './learnComposerModel.ts';
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
}

export function chooseEmbellishment(
  prev: Pitch | null,
  note: Pitch,
  place: { strong: boolean; ticks: number; first: boolean },
  context: Pick<EmbellishContext, 'model' | 'density'>,
  random: Random,
): string | null {
  const legal = legalEmbellishments(prev, note);
  const repeated = prev === note;
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
