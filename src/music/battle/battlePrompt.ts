/**
 * Battle prompts (issue 17 items 1 and 3): what both players are asked to play in one round.
 * The server makes one per round with a one-time id and sends it to both; the client shows
 * `label` (a note name), `staff` (a bare staff position) or the movement, and answers with the
 * notes it heard. Pure: the random source is a parameter (src/music/random.ts).
 */
import type { Random } from '../random.ts';
import { noteOf, type Pitch } from '../notes.ts';
import { battleLevels, type BattleLevel, type PromptKind } from './battleLevels.ts';

export interface BattlePrompt {
  /** One-time id, chosen by the server; answers must name it. */
  readonly id: string;
  readonly level: BattleLevel;
  readonly kind: PromptKind;
  /** The melody note to end on. */
  readonly target: Pitch;
  /** Grace notes to play first, in order ([] for a plain note). */
  readonly graces: readonly Pitch[];
  /** What the screen prints: 'D', 'High G', 'D doubling' (staff prompts print it only after). */
  readonly label: string;
  /** Treble-staff position of the target in VexFlow key form ('d/5'). */
  readonly staff: string;
}

function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
}

/**
 * The next prompt. Never the same target twice running (the previous round's answer would
 * still be sounding on a held chanter), as Blaster does.
 */
export function makePrompt(
  level: BattleLevel,
  id: string,
  random: Random,
  previous: Pitch | null = null,
): BattlePrompt {
  const design = battleLevels[level];
  const movements = design.movements.filter((m) => m.melody !== previous);
  if (movements.length > 0 && random() < design.movementChance) {
    const m = pick(movements, random);
    return {
      id,
      level,
      kind: m.family === 'Gracenotes' || m.family === 'Strikes' ? 'grace' : 'embellishment',
      target: m.melody,
      graces: m.graces,
      label: m.name,
      staff: noteOf(m.melody).staff,
    };
  }
  const target = pick(
    design.pitches.filter((p) => p !== previous),
    random,
  );
  return {
    id,
    level,
    kind: design.showNames ? 'name' : 'staff',
    target,
    graces: [],
    label: noteOf(target).name,
    staff: noteOf(target).staff,
  };
}

/** The notes a right answer plays, in order: the grace notes, then the target. */
export function expectedNotes(prompt: Pick<BattlePrompt, 'graces' | 'target'>): readonly Pitch[] {
  return [...prompt.graces, prompt.target];
}
