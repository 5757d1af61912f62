/**
 * What each Battle level asks (issue 17 item 1: 'note names at the lower levels, staff positions,
 * then grace notes and embellishments at the higher ones — the Blaster levels' idea'). Levels 1–3
 * draw from Blaster's note ranges (blasterDesign.ts) so a piper who cleared a Blaster level
 * meets the same notes here; levels 4 and 5 draw movements from the grace-note trainer's presets
 * (embellishmentPresets.ts), which come from the one embellishment table.
 */
import { embellishmentPresets, type EmbellishmentPreset } from '../embellishmentPresets.ts';
import { blasterDesign } from '../game/blasterDesign.ts';
import type { Pitch } from '../notes.ts';

export const BATTLE_LEVELS = [1, 2, 3, 4, 5] as const;
export type BattleLevel = (typeof BATTLE_LEVELS)[number];

/** How a prompt is shown: a note name, a bare staff position, or a movement to play. */
export type PromptKind = 'name' | 'staff' | 'grace' | 'embellishment';

export interface BattleLevelDesign {
  readonly title: string;
  /** Notes a plain prompt draws from. */
  readonly pitches: readonly Pitch[];
  readonly showNames: boolean;
  /** Movements (gracenote + note, or a whole embellishment) mixed in, and how often (0…1). */
  readonly movements: readonly EmbellishmentPreset[];
  readonly movementChance: number;
  /** How long a round waits for a right answer before it is void (ms). */
  readonly roundTimeoutMs: number;
}

const singles = embellishmentPresets.filter(
  (p) => p.family === 'Gracenotes' || p.family === 'Strikes',
);
const movements = embellishmentPresets.filter(
  (p) => p.family !== 'Gracenotes' && p.family !== 'Strikes',
);

export const battleLevels: Readonly<Record<BattleLevel, BattleLevelDesign>> = {
  1: {
    title: 'Note names',
    pitches: blasterDesign[1].pitches,
    showNames: true,
    movements: [],
    movementChance: 0,
    roundTimeoutMs: 8_000,
  },
  2: {
    title: 'All the notes',
    pitches: blasterDesign[2].pitches,
    showNames: true,
    movements: [],
    movementChance: 0,
    roundTimeoutMs: 8_000,
  },
  3: {
    title: 'Staff positions',
    pitches: blasterDesign[3].pitches,
    showNames: false,
    movements: [],
    movementChance: 0,
    roundTimeoutMs: 8_000,
  },
  4: {
    title: 'Gracenotes and strikes',
    pitches: blasterDesign[4].pitches,
    showNames: false,
    movements: singles,
    movementChance: 0.5,
    roundTimeoutMs: 10_000,
  },
  5: {
    title: 'Embellishments',
    pitches: blasterDesign[5].pitches,
    showNames: false,
    movements,
    movementChance: 0.8,
    roundTimeoutMs: 12_000,
  },
};

export function isBattleLevel(value: unknown): value is BattleLevel {
  return typeof value === 'number' && (BATTLE_LEVELS as readonly number[]).includes(value);
}
