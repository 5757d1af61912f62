import { describe, expect, it } from 'vitest';
import { keys } from '../../storage/keys.ts';
import { createSettingsStore } from '../../storage/settingsStore.ts';
import { FakeStorage } from '../../storage/fakeStorage.ts';
import { chanterNameProblem, saveChanter } from './saveChanter.ts';

const frequencies = [420.4, 474, 533.3, 592.6, 632, 711, 790, 822, 948.1];

describe('saveChanter', () => {
  it('R-3.CHANTER-01 R-3.CHANTER-02 stores a named chanter with 9 frequencies and its own id, and selects it', () => {
    const store = createSettingsStore(new FakeStorage());
    const { id } = saveChanter(store, '  My Naill  ', frequencies, () => 'custom-1');
    expect(id).toBe('custom-1');
    expect(store.read(keys.customChanters)).toEqual([
      { id: 'custom-1', name: 'My Naill', frequencies },
    ]);
    expect(store.read(keys.chanterName)).toBe('My Naill');
    expect(store.read(keys.chanterId)).toBe('custom-1');
  });

  it('recalibrates a chanter saved under the same name, keeping its id', () => {
    const store = createSettingsStore(new FakeStorage());
    saveChanter(store, 'Band chanter', frequencies, () => 'custom-1');
    saveChanter(store, 'Other', frequencies, () => 'custom-2');
    const louder = frequencies.map((f) => f * 1.01);
    saveChanter(store, 'Band chanter', louder, () => 'custom-3');
    const saved = store.read(keys.customChanters);
    expect(saved.map((c) => c.id)).toEqual(['custom-1', 'custom-2']);
    expect(saved[0]!.frequencies![0]).toBeCloseTo(424.6, 1);
    expect(store.read(keys.chanterId)).toBe('custom-1');
  });

  it('refuses empty and built-in names', () => {
    expect(chanterNameProblem(' ')).toBe('Give your chanter a name.');
    expect(chanterNameProblem('Standard')).toBe(
      'Standard is a built-in chanter: choose another name.',
    );
    expect(chanterNameProblem('Keyboard')).toMatch(/built-in/);
    expect(chanterNameProblem('My chanter')).toBeNull();
  });
});
