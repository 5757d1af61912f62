import { describe, expect, it } from 'vitest';
import { composeTune } from './composeTune.ts';
import { FORM_SPECS, barTicks } from './composerForms.ts';
import { notesOfBar } from './composition.ts';
import { editNoteLength } from './editComposition.ts';

describe('editNoteLength (issue 19 item 2: edit a note)', () => {
  const tune = composeTune({ form: 'reel', seed: 5, parts: 1, barsPerPart: 4 });
  const ticksOf = (c: typeof tune, bar: number) =>
    notesOfBar(c.parts[0]![bar]!).map((n) => n.ticks);

  it('issue 19.2: a note made longer takes the time from its neighbour in the beat; the bar keeps its length and the other bars stay', () => {
    // Find a beat of two or more notes.
    const bar = tune.parts[0]!.findIndex((b) => b.beats.some((beat) => beat.length > 1));
    const beats = tune.parts[0]![bar]!.beats;
    const beat = beats.findIndex((x) => x.length > 1);
    const index = beats.slice(0, beat).reduce((n, x) => n + x.length, 0);
    const first = beats[beat]![0]!;
    const second = beats[beat]![1]!;
    const longer = first.ticks + 1;
    const out = editNoteLength(tune, 0, bar, index, longer);
    const changed = out.parts[0]![bar]!.beats[beat]!;
    if (second.ticks - 1 >= 1 && [1, 2, 3, 4, 6, 8, 12, 16].includes(longer)) {
      expect(changed[0]!.ticks).toBe(longer);
      expect(changed[1]!.ticks).toBe(second.ticks - 1);
      expect(changed[0]!.pitch).toBe(first.pitch);
    }
    expect(ticksOf(out, bar).reduce((a, b) => a + b, 0)).toBe(barTicks(FORM_SPECS.reel));
    for (let b = 0; b < 4; b++) if (b !== bar) expect(out.parts[0]![b]).toBe(tune.parts[0]![b]);
  });

  it('issue 19.2: a length nothing can balance leaves the tune as it was', () => {
    const lone = tune.parts[0]!.findIndex((b) => b.beats.some((beat) => beat.length === 1));
    if (lone >= 0) {
      const beats = tune.parts[0]![lone]!.beats;
      const beat = beats.findIndex((x) => x.length === 1);
      const index = beats.slice(0, beat).reduce((n, x) => n + x.length, 0);
      expect(editNoteLength(tune, 0, lone, index, 2)).toBe(tune);
    }
    // Five ticks is no note value.
    expect(editNoteLength(tune, 0, 0, 0, 5)).toBe(tune);
  });
});
