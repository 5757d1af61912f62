import { describe, expect, it } from 'vitest';
import { embellishmentPresets } from '../embellishmentPresets.ts';
import { seededRandom } from '../random.ts';
import { BATTLE_LEVELS, battleLevels, isBattleLevel, type BattleLevel } from './battleLevels.ts';
import { expectedNotes, makePrompt } from './battlePrompt.ts';

function prompts(level: BattleLevel, count: number, seed = 7) {
  const random = seededRandom(seed);
  const out = [];
  let previous = null;
  for (let i = 0; i < count; i++) {
    const p = makePrompt(level, `p${i}`, random, previous);
    out.push(p);
    previous = p.target;
  }
  return out;
}

describe('issue 17.1: prompts per level', () => {
  it('issue 17.1: levels 1 and 2 ask note names from Blaster’s ranges, level 3 staff positions', () => {
    for (const p of prompts(1, 200)) {
      expect(p.kind).toBe('name');
      expect(['LA', 'B', 'C', 'D', 'E']).toContain(p.target);
      expect(p.graces).toEqual([]);
    }
    expect(new Set(prompts(2, 200).map((p) => p.target))).toEqual(
      new Set(['LG', 'LA', 'B', 'C', 'D', 'E', 'F']),
    );
    const staff = prompts(3, 300);
    expect(staff.every((p) => p.kind === 'staff')).toBe(true);
    expect(new Set(staff.map((p) => p.target)).size).toBe(9);
    expect(staff.find((p) => p.target === 'HG')?.staff).toBe('g/5');
  });

  it('issue 17.1: level 4 mixes gracenotes and strikes in, level 5 embellishments from the one table', () => {
    const four = prompts(4, 400);
    const graced = four.filter((p) => p.kind === 'grace');
    expect(graced.length).toBeGreaterThan(150);
    expect(graced.length).toBeLessThan(250);
    for (const p of graced) {
      const preset = embellishmentPresets.find((e) => e.name === p.label)!;
      expect(['Gracenotes', 'Strikes']).toContain(preset.family);
      expect(p.graces).toEqual(preset.graces);
      expect(p.target).toBe(preset.melody);
    }
    const five = prompts(5, 400).filter((p) => p.kind === 'embellishment');
    expect(five.length).toBeGreaterThan(280);
    const doubling = five.find((p) => p.label === 'D doubling');
    expect(doubling && expectedNotes(doubling)).toEqual(['HG', 'D', 'E', 'D']);
  });

  it('issue 17.1: never the same target twice running; the same seed asks the same prompts', () => {
    for (const level of BATTLE_LEVELS) {
      const ps = prompts(level, 300);
      for (let i = 1; i < ps.length; i++) expect(ps[i]!.target).not.toBe(ps[i - 1]!.target);
      expect(prompts(level, 20, 99)).toEqual(prompts(level, 20, 99));
    }
    expect(prompts(1, 20, 1)).not.toEqual(prompts(1, 20, 2));
  });

  it('issue 17.1: a round waits longer for movements; only levels 1–5 exist', () => {
    expect(battleLevels[5].roundTimeoutMs).toBeGreaterThan(battleLevels[1].roundTimeoutMs);
    expect(isBattleLevel(3)).toBe(true);
    expect(isBattleLevel(6)).toBe(false);
    expect(isBattleLevel('3')).toBe(false);
  });
});
