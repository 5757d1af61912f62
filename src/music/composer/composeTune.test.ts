import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { writeBww } from '../bww/writeBww.ts';
import { isPitch } from '../notes.ts';
import { barsOf, notesOf } from '../tune/tune.ts';
import { barTicks, COMPOSER_FORMS, FORM_SPECS } from './composerForms.ts';
import { composeTune } from './composeTune.ts';
import { notesOfBar, notesOfComposition, type Composition } from './composition.ts';
import { editNote, regenerateBar, regeneratePart, transposeBars } from './editComposition.ts';
import { isLegalEmbellishment, legalEmbellishments } from './embellishmentRules.ts';
import { toTune } from './toTune.ts';

const ticksOfNote = (n: { duration: number; dots: number }) =>
  (16 / n.duration) * (n.dots ? 1.5 : 1);

function everyNoteLegal(composition: Composition): void {
  let prev: string | null = null;
  for (const { note } of notesOfComposition(composition)) {
    if (note.embellishment) {
      expect(
        isLegalEmbellishment(note.embellishment, prev as never, note.pitch),
        `${note.embellishment} on ${note.pitch} after ${prev}`,
      ).toBe(true);
    } else {
      expect(note.pitch, 'two equal notes with nothing between them').not.toBe(prev);
    }
    prev = note.pitch;
  }
}

describe('the composer (issue 19 item 1)', () => {
  it.each(COMPOSER_FORMS)(
    'issue 19.1: a %s has the form’s bars, bar lengths, range and reads back with no warnings',
    (form) => {
      const spec = FORM_SPECS[form];
      for (const seed of [1, 2, 3, 42, 1234]) {
        const composition = composeTune({ form, seed });
        expect(composition.parts).toHaveLength(spec.parts);
        for (const bars of composition.parts) {
          expect(bars).toHaveLength(spec.barsPerPart);
          for (const bar of bars) {
            expect(notesOfBar(bar).reduce((sum, n) => sum + n.ticks, 0)).toBe(barTicks(spec));
          }
        }
        const bww = writeBww([toTune(composition)]);
        const back = parseBww(bww);
        expect(back.warnings).toEqual([]);
        const tune = back.tunes[0]!;
        for (const bar of barsOf(tune)) {
          const ticks = bar.items
            .filter((i) => i.kind === 'note')
            .reduce((s, n) => s + ticksOfNote(n as never), 0);
          expect(ticks).toBe(barTicks(spec));
        }
        expect(notesOf(tune).every((n) => isPitch(n.pitch))).toBe(true);
        everyNoteLegal(composition);
      }
    },
  );

  it('issue 19.1: cadences — each part ends on the home note, first phrases on a half cadence (E or B)', () => {
    for (const form of COMPOSER_FORMS) {
      for (const seed of [5, 6, 7]) {
        const composition = composeTune({ form, seed });
        const home = composition.plan.key === 'A' ? 'LA' : 'D';
        composition.parts.forEach((bars, part) => {
          expect(notesOfBar(bars.at(-1)!).at(-1)!.pitch).toBe(home);
          composition.plan.parts[part]!.bars.forEach((plan, bar) => {
            if (plan.role === 'half')
              expect(['E', 'B']).toContain(notesOfBar(bars[bar]!).at(-1)!.pitch);
          });
        });
      }
    }
  });

  it('issue 19.1: rhythms sound like the form — dotted pairs in a 2/4 march (beside its learned runs), snaps in a strathspey, even quavers in a reel', () => {
    const cells = (form: (typeof COMPOSER_FORMS)[number]) =>
      [1, 2, 3, 4, 5].flatMap((seed) =>
        composeTune({ form, seed })
          .parts.flat()
          .flatMap((b) => b.beats.map((beat) => beat.map((n) => n.ticks).join(','))),
      );
    const share = (list: string[], cell: string) =>
      list.filter((c) => c === cell).length / list.length;
    expect(share(cells('2/4 march'), '3,1')).toBeGreaterThan(0.2);
    expect(share(cells('strathspey'), '1,3')).toBeGreaterThan(0.15);
    expect(share(cells('reel'), '2,2')).toBeGreaterThan(0.5);
    expect(share(cells('jig'), '2,2,2')).toBeGreaterThan(0.4);
  });

  it('issue 19.1: a seed reproduces a tune exactly; another seed gives another tune', () => {
    const bww = (seed: number) => writeBww([toTune(composeTune({ form: 'jig', seed, parts: 4 }))]);
    expect(bww(99)).toBe(bww(99));
    expect(bww(99)).not.toBe(bww(100));
  });

  it('issue 19.1: a starting motif is kept exactly as given', () => {
    const motif = ['LA', 'B', 'C', 'E', 'HA', 'F', 'E', 'C'] as const;
    const composition = composeTune({ form: '2/4 march', seed: 3, motif: [...motif] });
    const melody = notesOfComposition(composition).map((n) => n.note.pitch);
    expect(melody.slice(0, motif.length)).toEqual(motif);
    everyNoteLegal(composition);
  });

  it('issue 19.1: density scales the embellishments, and 0 still graces equal neighbours', () => {
    const count = (density: number) =>
      [1, 2, 3].reduce(
        (sum, seed) =>
          sum +
          notesOfComposition(composeTune({ form: '2/4 march', seed, density })).filter(
            (n) => n.note.embellishment,
          ).length,
        0,
      );
    expect(count(1)).toBeGreaterThan(count(0) * 1.5);
    everyNoteLegal(composeTune({ form: 'reel', seed: 8, density: 0 }));
  });
});

describe('editing a composed tune (issue 19 item 2)', () => {
  const base = composeTune({ form: '2/4 march', seed: 11 });

  it('issue 19.2: regenerating a bar changes that bar and leaves the rest unchanged', () => {
    const next = regenerateBar(base, 1, 2);
    expect(next.parts[1]![2]).not.toEqual(base.parts[1]![2]);
    next.parts.forEach((bars, part) =>
      bars.forEach((bar, index) => {
        if (part === 1 && index === 2) return;
        const was = base.parts[part]![index]!;
        // The bar after keeps its notes; its first embellishment may be re-fitted, legally.
        if (part === 1 && index === 3) {
          expect(notesOfBar(bar).map((n) => [n.pitch, n.ticks])).toEqual(
            notesOfBar(was).map((n) => [n.pitch, n.ticks]),
          );
          expect(notesOfBar(bar).slice(1)).toEqual(notesOfBar(was).slice(1));
        } else expect(bar).toEqual(was);
      }),
    );
    everyNoteLegal(next);
    // Undo is the old composition: nothing in it changed.
    expect(writeBww([toTune(base)])).toBe(
      writeBww([toTune(composeTune({ form: '2/4 march', seed: 11 }))]),
    );
  });

  it('issue 19.2: regenerating a part leaves the other parts unchanged', () => {
    const next = regeneratePart(base, 2);
    expect(next.parts[2]).not.toEqual(base.parts[2]);
    expect(next.parts[0]).toEqual(base.parts[0]);
    expect(next.parts[1]).toEqual(base.parts[1]);
    expect(notesOfBar(next.parts[3]![0]!).slice(1)).toEqual(
      notesOfBar(base.parts[3]![0]!).slice(1),
    );
    everyNoteLegal(next);
  });

  it('issue 19.2: transposing a phrase moves its notes along the scale, within the chanter, legally', () => {
    const up = transposeBars(base, 0, 0, 1, 1);
    const before = notesOfBar(base.parts[0]![0]!).map((n) => n.pitch);
    const after = notesOfBar(up.parts[0]![0]!).map((n) => n.pitch);
    const order = ['LG', 'LA', 'B', 'C', 'D', 'E', 'F', 'HG', 'HA'];
    after.forEach((p, i) =>
      expect(order.indexOf(p)).toBe(Math.min(8, order.indexOf(before[i]!) + 1)),
    );
    expect(up.parts[0]![2]).toEqual(base.parts[0]![2]);
    everyNoteLegal(up);
  });

  it('issue 19.2: editing a note keeps the tune legal (an illegal embellishment is dropped, equal neighbours graced)', () => {
    const first = notesOfBar(base.parts[0]![0]!)[0]!;
    const edited = editNote(base, 0, 0, 1, { pitch: first.pitch, embellishment: 'thrd' });
    const second = notesOfBar(edited.parts[0]![0]!)[1]!;
    expect(second.pitch).toBe(first.pitch);
    expect(second.embellishment).not.toBe('thrd');
    expect(second.embellishment).not.toBeNull();
    everyNoteLegal(edited);
  });
});

describe('where embellishments may stand (issue 19.1, the embellishment table’s conventions)', () => {
  it('issue 19.1: strikes and birls only on repeated notes, throws on D from below, no G gracenote after High G', () => {
    const codes = (prev: never, note: never) => legalEmbellishments(prev, note).map((c) => c.code);
    expect(codes('E' as never, 'E' as never)).toContain('gste');
    expect(codes('C' as never, 'E' as never)).not.toContain('gste');
    expect(codes('LA' as never, 'LA' as never)).toContain('brl');
    expect(codes('B' as never, 'LA' as never)).not.toContain('brl');
    expect(codes('B' as never, 'D' as never)).toContain('thrd');
    expect(codes('E' as never, 'D' as never)).not.toContain('thrd');
    expect(codes('HG' as never, 'E' as never)).not.toContain('gg');
    expect(codes('D' as never, 'LA' as never)).toContain('grpb');
    expect(codes('LG' as never, 'LA' as never)).not.toContain('grp');
    expect(codes('HA' as never, 'HA' as never)).toEqual(['dbha']);
  });
});
