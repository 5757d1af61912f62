import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { corpusDir, corpusPresent, readCorpus } from '../../../music/bww/testing/readCorpus.ts';
import { drawScore, drawScoreInSlices, paintScore, planScore } from './drawScore.ts';
import { layoutTune } from './scoreLayout.ts';
import { graceClearances } from './testing/graceClearance.ts';
import { jsdomVexFlow } from './testing/jsdomVexFlow.ts';
import { nullContext } from './testing/nullContext.ts';
import { DESKTOP_SCORE_WIDTH, PHONE_SCORE_WIDTH } from './testing/scoreWidths.ts';

// Pipe scores laid out by VexFlow in jsdom, with glyphs measured as Chromium measures them
// (./testing/measureCanvas.ts): the layout the browser draws, checked without a browser.

const { vf, canvas } = jsdomVexFlow();

function plan(text: string | Uint8Array, width: number, tune = 0) {
  const parsed = parseBww(text).tunes[tune];
  if (!parsed) throw new Error('no tune');
  const lines = layoutTune(parsed).filter((l) => l.bars.some((b) => b.notes.length > 0));
  const planned = planScore(vf, width, lines);
  // Grace notes are placed when their group is drawn: draw, into nothing.
  paintScore(vf, nullContext(), planned);
  return { lines, plan: planned };
}

const corpus = readCorpus();
const folders = [...new Set(corpus.map((f) => f.name.split('/').slice(0, 2).join('/')))];

describe.skipIf(!corpusPresent)(`grace groups on every corpus tune (${corpusDir})`, () => {
  it.each(folders)(
    'issue 22.6: no grace group touches the note before it — %s, at the 1280-px and phone widths',
    (folder) => {
      const touching: string[] = [];
      let groups = 0;
      for (const file of corpus.filter((f) => f.name.startsWith(`${folder}/`))) {
        const tunes = parseBww(file.bytes).tunes.length;
        for (let t = 0; t < tunes; t++) {
          for (const width of [DESKTOP_SCORE_WIDTH, PHONE_SCORE_WIDTH]) {
            for (const c of graceClearances(plan(file.bytes, width, t).plan)) {
              groups++;
              // Bounding boxes apart, with at least a pixel between them.
              if (c.gap < 1) {
                touching.push(
                  `${file.name} tune ${t + 1} at ${width} px, row ${c.row + 1}, bar ${c.bar + 1}, note ${c.note + 1}: ${c.gap.toFixed(1)} px`,
                );
              }
            }
          }
        }
      }
      expect(groups).toBeGreaterThan(0);
      expect(touching.slice(0, 20), `${touching.length} of ${groups} grace groups`).toEqual([]);
      expect(
        canvas.misses,
        'glyphs missing from glyphMetrics.json: npm run notation:metrics',
      ).toEqual(new Set());
    },
    300_000,
  );
});

describe.skipIf(!corpusPresent)('bars per line', () => {
  // Bonnie Galloway, as the band wrote it: four bars a line (one line has a pick-up bar too).
  const bonnie = () =>
    new Uint8Array(
      readFileSync(join(corpusDir, 'pipeband-music/4-4_marches/bonnie_galloway/bonie.bww')),
    );

  it('issue 22.6: a file written four bars a line keeps them at the width the 1280-px screen gives', () => {
    const { lines, plan: planned } = plan(bonnie(), DESKTOP_SCORE_WIDTH);
    const written = lines.map((l) => l.bars.length);
    expect(written.filter((n) => n === 4).length).toBeGreaterThanOrEqual(5);
    expect(planned.rows.map((row) => row.length)).toEqual(written);
    // Drawn smaller to keep them, but no smaller than printed pipe music.
    expect(DESKTOP_SCORE_WIDTH / planned.layoutWidth).toBeGreaterThanOrEqual(0.6);
  });

  it('issue 22.6: a phone shows two bars a line or more, not one tiny bar', () => {
    const { plan: planned } = plan(bonnie(), PHONE_SCORE_WIDTH);
    // A line of five bars takes three rows (2, 2, 1); every other line two rows of two.
    const lone = planned.rows.filter((row) => row.length < 2).length;
    expect(lone / planned.rows.length).toBeLessThanOrEqual(0.1);
    expect(PHONE_SCORE_WIDTH / planned.layoutWidth).toBeGreaterThanOrEqual(0.55);
  });
});

describe('ending brackets', () => {
  // Written for this test: a line of two bars, then one whose last two bars are 1st and 2nd time.
  const tune =
    "& sharpf sharpc 4_4 I!'' LA_4 B_4 C_4 D_4 ! E_4 F_4 HG_4 HA_4 !t\n" +
    "& sharpf sharpc gg HA_4 HA_4 HA_4 HA_4 ! '1 LA_4 B_4 C_4 D_4 _' ''!I '2 E_4 F_4 HG_4 HA_4 _' !t\n";

  it('issue 22.6: a bracket stands close above its own staff, not by the staff above', () => {
    const host = document.createElement('div');
    const lines = layoutTune(parseBww(tune).tunes[0]!);
    const drawn = drawScore(vf, host, DESKTOP_SCORE_WIDTH, lines);
    const [first, second] = drawn.plan.rows;
    const ownTop = second![0]!.stave.getYForLine(0);
    const aboveBottom = first![0]!.stave.getYForLine(4);
    // VexFlow draws an ending's line as a 1-px-high rectangle outside any stave part's group.
    const bracketRects = [...host.querySelectorAll('rect')].filter(
      (r) => r.getAttribute('height') === '1' && !r.parentElement?.getAttribute('class'),
    );
    const brackets = bracketRects.map((r) => Number(r.getAttribute('y')));
    expect(brackets).toHaveLength(2);
    for (const y of brackets) {
      // Clear of High A gracenote stems (about 30 px above the staff) …
      expect(ownTop - y).toBeGreaterThanOrEqual(35);
      expect(ownTop - y).toBeLessThanOrEqual(45);
      // … and plainly nearer its own staff than the staff above.
      expect(y - aboveBottom).toBeGreaterThan(1.25 * (ownTop - y));
    }
    // The labels stand on the brackets' lines, above the bars' first gracenotes.
    const labels = [...host.querySelectorAll('.score-ending-label text')].map((t) => ({
      text: t.textContent,
      x: Number(t.getAttribute('x')),
      y: Number(t.getAttribute('y')),
    }));
    expect(labels.map((l) => l.text)).toEqual(['1st', '2nd']);
    for (const [i, label] of labels.entries()) {
      expect(label.y).toBeLessThan(brackets[i]!);
      expect(label.y).toBeGreaterThan(brackets[i]! - 8);
      // By its own bracket's hook, wherever in the row the ending starts (both start mid-row).
      const start = Number(bracketRects[i]!.getAttribute('x'));
      expect(start, label.text ?? '').toBeGreaterThan(100);
      expect(label.x - start, label.text ?? '').toBeGreaterThanOrEqual(0);
      expect(label.x - start, label.text ?? '').toBeLessThanOrEqual(10);
    }
  });
});

describe('two endings in one bar', () => {
  // Written for this test, as several bands end a part: both endings inside the last bar.
  const tune =
    "& sharpf sharpc 2_4 I!'' LA_4 B_4 ! C_4 D_4 ! E_4 F_4\n" +
    "& sharpf sharpc HA_4 HG_4 ! C_8 D_8 '1 E_4 _' '2 gbr LA_8 B_8 _' ''!I\n";

  it('issue 22.6: each ending has its own bracket and number over its own notes', () => {
    for (const width of [DESKTOP_SCORE_WIDTH, PHONE_SCORE_WIDTH]) {
      const host = document.createElement('div');
      const drawn = drawScore(vf, host, width, layoutTune(parseBww(tune).tunes[0]!));
      const bar = drawn.plan.rows.flat().at(-1)!;
      const lines = [...host.querySelectorAll('.score-ending rect')]
        .map((r) => ({
          x: Number(r.getAttribute('x')),
          w: Number(r.getAttribute('width')),
          h: Number(r.getAttribute('height')),
        }))
        .filter((r) => r.h === 1);
      expect(lines, `${width} px`).toHaveLength(2);
      const [first, second] = lines as [(typeof lines)[0], (typeof lines)[0]];
      const x = (i: number) => bar.notes[i]!.getAbsoluteX();
      // The first over E only: after D, ending before the second ending's birl on Low A.
      expect(first.x).toBeGreaterThan(x(1));
      expect(first.x).toBeLessThan(x(2));
      expect(first.x + first.w).toBeGreaterThan(x(2));
      expect(first.x + first.w).toBeLessThan(x(3));
      // The second from there to the bar's end, clear of the first.
      expect(second.x).toBeGreaterThan(first.x + first.w);
      expect(second.x).toBeLessThan(x(3));
      expect(second.x + second.w).toBeGreaterThan(x(4));
      expect(second.x + second.w).toBeLessThanOrEqual(bar.stave.getX() + bar.stave.getWidth());
      // Hooks at both ends of both, and no VexFlow bracket over the whole bar.
      expect(host.querySelectorAll('.score-ending rect').length).toBe(6);
      expect(bar.stave.getModifiers(undefined, vf.Volta.CATEGORY)).toHaveLength(0);
      const labels = [...host.querySelectorAll('.score-ending-label text')].map((t) => ({
        text: t.textContent,
        x: Number(t.getAttribute('x')),
      }));
      expect(labels.map((l) => l.text)).toEqual(['1st', '2nd']);
      expect(labels[0]!.x - first.x).toBeGreaterThanOrEqual(0);
      expect(labels[0]!.x - first.x).toBeLessThanOrEqual(10);
      expect(labels[1]!.x - second.x).toBeGreaterThanOrEqual(0);
      expect(labels[1]!.x - second.x).toBeLessThanOrEqual(10);
    }
  });
});

describe.skipIf(!corpusPresent)('formatting each bar once', () => {
  it('issue 22.6: re-using the tick contexts places every note where formatToStave puts it', () => {
    const file = corpus.find((f) => f.name.includes('the_walrus'))!;
    const notesX = (planned: ReturnType<typeof planScore>) =>
      planned.rows.flat().flatMap((b) => b.notes.map((n) => n.getAbsoluteX()));
    const once = plan(file.bytes, DESKTOP_SCORE_WIDTH).plan;
    // VexFlow's own way (Formatter.formatToStave): fresh tick contexts, formatted again, to the
    // width formatToStave takes less what the closing sign reaches in (a repeat's dots 10 px,
    // a part end's thin line 5, a double bar's 3).
    const sign = { repeat: 10, part: 5, double: 3 } as Record<string, number | undefined>;
    const twice = plan(file.bytes, DESKTOP_SCORE_WIDTH).plan;
    for (const b of twice.rows.flat()) {
      if (b.notes.length === 0) continue;
      const width =
        b.stave.getNoteEndX() -
        b.stave.getNoteStartX() -
        vf.Stave.defaultPadding -
        (sign[b.bar.close ?? ''] ?? 0);
      b.formatter.format([b.voice], width, { stave: b.stave, context: b.stave.getContext() });
    }
    const expected = notesX(twice);
    expect(expected.length).toBeGreaterThan(100);
    notesX(once).forEach((x, i) => expect(x).toBeCloseTo(expected[i]!, 6));
  });
});

describe('issue 21 item 3: the score drawn in slices', () => {
  // Two lines of four bars with gracenotes, a tie across the line and a tuplet: every kind of
  // step (building a line, formatting a row, painting a row, the ties) is sliced.
  const tune =
    "& sharpf sharpc 4_4 I!'' gg LA_4 tg B_4 C_4 D_4 ! E_4 F_4 ^3e HG_8 HA_8 HG_8 HA_4 ! dbe E_4 F_4 HG_4 HA_4 ! LA_4 B_4 C_4 D_4 !t\n" +
    '& sharpf sharpc HA_4 HA_4 HA_4 HA_4 ! gg LA_4 B_4 C_4 D_4 ! E_4 F_4 HG_4 HA_4 ! LA_2 B_2 !I\n';
  const lines = layoutTune(parseBww(tune).tunes[0]!);
  /** VexFlow numbers its elements from one counter: two drawings differ only in those numbers. */
  const markup = (host: HTMLElement) =>
    host.innerHTML.replace(/auto\d+/g, 'auto').replace(/\s+data-render-ms="[^"]*"/g, '');

  it('issue 21.3: yields after every bar built, formatted and painted, and draws the same SVG as in one go', async () => {
    const whole = document.createElement('div');
    const drawnWhole = drawScore(vf, whole, DESKTOP_SCORE_WIDTH, lines);
    let yields = 0;
    const sliced = document.createElement('div');
    const drawn = await drawScoreInSlices(vf, sliced, DESKTOP_SCORE_WIDTH, lines, {
      sliceMs: 0,
      yieldToMain: async () => {
        yields++;
        // Nothing reaches the page until the drawing is complete.
        expect(sliced.childElementCount).toBe(0);
      },
    });
    expect(drawn).not.toBeNull();
    const rows = drawnWhole.plan.rows.length;
    expect(rows).toBeGreaterThanOrEqual(2);
    // At least: each bar built, formatted and painted (a bar is the smallest step).
    const bars = lines.reduce((n, line) => n + line.bars.length, 0);
    expect(bars).toBe(8);
    expect(yields).toBeGreaterThanOrEqual(3 * bars);
    expect(sliced.querySelectorAll('svg')).toHaveLength(1);
    expect(markup(sliced)).toBe(markup(whole));
    expect([...drawn!.value.noteElements.keys()]).toEqual([...drawnWhole.noteElements.keys()]);
    expect(drawn!.value.noteElements.get(0)?.closest('svg')).toBe(sliced.querySelector('svg'));
  });

  it('issue 21.3: a drawing aborted between slices leaves the previous drawing in place', async () => {
    const host = document.createElement('div');
    drawScore(vf, host, DESKTOP_SCORE_WIDTH, lines);
    const previous = host.firstElementChild;
    const controller = new AbortController();
    const drawn = await drawScoreInSlices(vf, host, PHONE_SCORE_WIDTH, lines, {
      sliceMs: 0,
      signal: controller.signal,
      yieldToMain: async () => controller.abort(),
    });
    expect(drawn).toBeNull();
    expect(host.childElementCount).toBe(1);
    expect(host.firstElementChild).toBe(previous);
  });
});

describe('bars that open with a repeat', () => {
  // Written for this test: a one-quaver pickup opening a part with a repeat sign, then full bars.
  const tune =
    "& sharpf sharpc 2_4 I!'' dbe E_8 ! LA_8 dbb B_8 dbc C_8 dbd D_8 ! strle E_8 F_8 HG_8 HA_8 !t\n" +
    "& sharpf sharpc HA_8 HG_8 F_8 E_8 ! D_8 C_8 B_8 LA_8 ! gg LA_4 LA_4 ''!I\n";

  it('issue 20 (found by the OMR bench): a bar opening with a repeat is wide enough for its notes, the repeat sign included', () => {
    const lines = layoutTune(parseBww(tune).tunes[0]!);
    for (const width of [DESKTOP_SCORE_WIDTH, PHONE_SCORE_WIDTH]) {
      const plan = planScore(vf, width, lines);
      for (const row of plan.rows) {
        for (const bar of row) {
          const last = bar.notes[bar.notes.length - 1]!;
          // The last note's head ends before the bar's closing line.
          expect(last.getAbsoluteX() + last.getGlyphWidth()).toBeLessThanOrEqual(
            bar.stave.getX() + bar.stave.getWidth(),
          );
        }
      }
    }
  });
});

describe('bars that close with a repeat', () => {
  // Written for this test: bars ending on a crotchet, a semiquaver and a crotchet, each written
  // three times on a line, the last closed by a repeat: its twin before it closes plainly.
  const bars = ['LA_4 B_8 dbc C_8 D_4', "E_4 F_4 'f HG_8 HA_16", 'HA_8 HG_8 F_8 E_8 D_4 C_4'];
  const tune =
    bars.map((b) => `& sharpf sharpc 4_4 I!'' ${b} ! ${b} ! ${b} ''!I`).join('\n') + '\n';

  /** Room between a bar's last note (its dot included) and its closing sign's leftmost ink. */
  function clearance(b: ReturnType<typeof planScore>['rows'][number][number]): number {
    const last = b.notes[b.notes.length - 1]!;
    const box = last.getBoundingBox();
    const dots = last.getModifiersByType(vf.Dot.CATEGORY);
    const right = Math.max(box.getX() + box.getW(), ...dots.map((d) => d.getX?.() ?? 0));
    // VexFlow draws a closing repeat's dots and thin line 10 px left of the stave's end.
    const sign = b.bar.close === 'repeat' ? 10 : 0;
    return b.stave.getX() + b.stave.getWidth() - sign - right;
  }

  it('issue 20 (found by the OMR bench): a lone dotted minim closing a full line keeps its dot clear of the repeat', () => {
    // Written for this test: five busy 6/8 bars and a bar holding only the tied dotted minim
    // that ends the part, as slow airs end their lines.
    const busy = 'LA_8 dbb B_16 C_8 gg D_8 strd E_16 F_8 gg E_8 dbf F_16 E_8';
    const tune = `& sharpf sharpc 6_8 I!'' ${busy} ! ${busy} ! ${busy} ! ${busy} ! ${busy} ! D_2 'd ''!I\n`;
    const lines = layoutTune(parseBww(tune).tunes[0]!);
    for (const width of [DESKTOP_SCORE_WIDTH, PHONE_SCORE_WIDTH]) {
      const planned = planScore(vf, width, lines);
      paintScore(vf, nullContext(), planned);
      const last = planned.rows.at(-1)!.at(-1)!;
      expect(last.notes).toHaveLength(1);
      expect(clearance(last), `at ${width} px`).toBeGreaterThanOrEqual(3);
    }
  });

  it('issue 22.6 (found by the OMR bench): a closing repeat leaves its last note as much room as a plain bar line does', () => {
    const lines = layoutTune(parseBww(tune).tunes[0]!);
    for (const width of [DESKTOP_SCORE_WIDTH, PHONE_SCORE_WIDTH]) {
      const planned = planScore(vf, width, lines);
      paintScore(vf, nullContext(), planned);
      // Each bar beside its twin: the same notes, closed by a plain line.
      const twins = planned.rows.flatMap((row) =>
        row.flatMap((b, i) => {
          const before = row[i - 1];
          // Not a row's first bar, which has the clef's share of the spare room.
          return b.bar.close === 'repeat' && before && i >= 2 ? [{ plain: before, repeat: b }] : [];
        }),
      );
      expect(twins.length, `at ${width} px`).toBeGreaterThanOrEqual(2);
      for (const { plain, repeat } of twins) {
        expect(clearance(repeat), `at ${width} px`).toBeGreaterThanOrEqual(clearance(plain) - 2);
        expect(clearance(repeat), `at ${width} px`).toBeGreaterThanOrEqual(6);
      }
    }
  });
});
