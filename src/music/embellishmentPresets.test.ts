import { describe, expect, it } from 'vitest';
import {
  describePreset,
  embellishmentPresets,
  presetById,
  presetFamilies,
} from './embellishmentPresets.ts';
import { graceAllowed } from './graceRules.ts';
import { graceNotes } from './tune/embellishments.ts';

describe('embellishment presets', () => {
  it('covers doublings on all nine notes, throws, grips, taorluaths and birls', () => {
    for (const family of presetFamilies) {
      expect(embellishmentPresets.some((p) => p.family === family)).toBe(true);
    }
    expect(embellishmentPresets.filter((p) => p.family === 'Doublings')).toHaveLength(9);
    expect(new Set(embellishmentPresets.map((p) => p.id)).size).toBe(embellishmentPresets.length);
  });

  it('takes its grace notes from the embellishment table', () => {
    expect(presetById('dbd')?.graces).toEqual(['HG', 'D', 'E']);
    expect(presetById('dbha')?.graces).toEqual(['HA', 'HG']);
    expect(presetById('thrd-D')?.graces).toEqual(['LG', 'D', 'C']);
    expect(presetById('grp-LA')?.graces).toEqual(['LG', 'D', 'LG']);
    expect(presetById('tar-LA')?.graces).toEqual(['LG', 'D', 'LG', 'E']);
    // A taorluath onto E: the closing E is the melody note itself.
    expect(presetById('tar-E')?.graces).toEqual(['LG', 'D', 'LG']);
    expect(presetById('brl-LA')?.graces).toEqual(['LG', 'LA', 'LG']);
    for (const p of embellishmentPresets) {
      expect(p.graces).toEqual(graceNotes(p.code, { prev: null, note: p.melody }));
    }
  });

  it('issue 22.1: single gracenotes above their note and strikes below it, beside the 18 embellishments', () => {
    const of = (family: string) => embellishmentPresets.filter((p) => p.family === family);
    expect(presetFamilies.slice(0, 2)).toEqual(['Gracenotes', 'Strikes']);
    expect(embellishmentPresets.length - of('Gracenotes').length - of('Strikes').length).toBe(18);
    const graces = of('Gracenotes');
    // G, D, E, F, High A (thumb), C and B gracenotes, each one note strictly above its melody.
    expect(new Set(graces.map((p) => p.graces[0]))).toEqual(
      new Set(['HG', 'D', 'E', 'F', 'HA', 'C', 'B']),
    );
    for (const p of graces) {
      expect(p.graces).toHaveLength(1);
      expect(graceAllowed(p.graces[0]!, p.melody, 'Gracenotes')).toBe(true);
    }
    expect(presetById('gg-LA')).toMatchObject({ name: 'G gracenote on Low A', graces: ['HG'] });
    expect(presetById('tg-HG')).toMatchObject({ graces: ['HA'], melody: 'HG' });
    const strikes = of('Strikes');
    // A strike on every note from Low A to High A, plus the light strike on D.
    expect(strikes.map((p) => p.melody)).toEqual(['LA', 'B', 'C', 'D', 'D', 'E', 'F', 'HG', 'HA']);
    for (const p of strikes) {
      expect(p.graces).toHaveLength(1);
      expect(graceAllowed(p.graces[0]!, p.melody, 'Strikes')).toBe(true);
    }
    expect(presetById('strla-E')).toMatchObject({ name: 'Strike on E', graces: ['LA'] });
    expect(presetById('strc-D')).toMatchObject({ name: 'Light strike on D', graces: ['C'] });
    expect(describePreset(presetById('gg-LA')!)).toBe('High G, then Low A');
  });

  it('describes a movement in words', () => {
    expect(describePreset(presetById('dbd')!)).toBe('High G, D, E, then D');
  });
});
