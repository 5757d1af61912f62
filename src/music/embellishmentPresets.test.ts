import { describe, expect, it } from 'vitest';
import {
  describePreset,
  embellishmentPresets,
  presetById,
  presetFamilies,
} from './embellishmentPresets.ts';
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

  it('describes a movement in words', () => {
    expect(describePreset(presetById('dbd')!)).toBe('High G, D, E, then D');
  });
});
