import { describe, expect, it } from 'vitest';
import { composeTune } from '../../../music/composer/composeTune.ts';
import { notesOfBar } from '../../../music/composer/composition.ts';
import { toTune } from '../../../music/composer/toTune.ts';
import { notesOf } from '../../../music/tune/tune.ts';
import { notePlaces, scoreIndicesOfBar } from './notePlaces.ts';

describe('the score’s notes and the composition’s bars (issue 19 item 2)', () => {
  it('a pickup’s notes come first on the score and choose no bar; every other note is its bar’s', () => {
    const composition = composeTune({ form: '2/4 march', seed: 5, parts: 2, barsPerPart: 4 });
    const pickup = notesOfBar(composition.pickup!);
    expect(pickup.length).toBeGreaterThan(0);
    const drawn = notesOf(toTune(composition));
    const places = notePlaces(composition);
    expect(places).toHaveLength(drawn.length);
    expect(places.slice(0, pickup.length)).toEqual(pickup.map(() => null));
    places.forEach((place, i) => {
      if (!place) return;
      const note = notesOfBar(composition.parts[place.part]![place.bar]!)[place.index]!;
      expect(drawn[i]!.pitch).toBe(note.pitch);
    });
    // Bar 1 is the first whole bar: its notes follow the pickup's on the score.
    expect(scoreIndicesOfBar(composition, 0, 0)[0]).toBe(pickup.length);
  });
});
