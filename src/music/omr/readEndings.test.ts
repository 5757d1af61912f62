import { describe, expect, it } from 'vitest';
import { recognisePage } from './recognisePage.ts';
import {
  drawBarLine,
  drawGraceNotes,
  drawMelodyNote,
  fillRect,
  staffPage,
  type Canvas,
  type StaffSpec,
} from './testing/drawPage.ts';

// Pitch indices as drawn: 0 = Low G … 8 = High A.
const [LA, C, E, HG] = [1, 3, 5, 7];

/** An ending's bracket: a thin line `above` spaces over the top line, hooks down at its ends. */
function bracket(page: Canvas, staff: StaffSpec, x0: number, x1: number, hooks: 1 | 2 | 'end') {
  const s = staff.space;
  const y = staff.top - 4 * s;
  const w = Math.max(1, Math.round(s * 0.12));
  fillRect(page, x0, y, x1, y + w - 1);
  if (hooks !== 'end') fillRect(page, x0, y, x0 + w - 1, y + 1.5 * s);
  if (hooks !== 1) fillRect(page, x1 - w + 1, y, x1, y + 1.5 * s);
  // Its number on the line by the hook, as '1.' or '2nd' stand (not touching the line).
  if (hooks !== 'end') fillRect(page, x0 + 0.5 * s, y - 1.6 * s, x0 + 0.65 * s, y - 0.3 * s);
}

/** The recognised bars as words: 'timeline 1', notes as 'n', 'timeline-end'. */
function barWords(page: Canvas): string[][] {
  const result = recognisePage(page, { level: true });
  if (!result.ok) throw new Error(result.error);
  return result.tune.parts.flatMap((p) =>
    p.lines.flatMap((l) =>
      l.bars.map((b) =>
        b.items.map((i) =>
          i.kind === 'timeline' ? `timeline ${i.label}` : i.kind === 'note' ? 'n' : i.kind,
        ),
      ),
    ),
  );
}

describe('first- and second-time endings (issue 20 item 1)', () => {
  it('issue 20.1 endings: a bracket over a bar is an ending, numbered in order; a long grace beam over a bar is not', () => {
    for (const s of [10, 16]) {
      const page = staffPage(
        s,
        (p, staff, line) => {
          const x = staff.left;
          if (line === 0) {
            // Seven grace notes beamed over ~7 spaces (longer than a short bracket), then a note.
            const after = drawGraceNotes(p, staff, x + 3 * s, [HG, E, HG, C, HG, LA, HG]);
            drawMelodyNote(p, staff, after + 0.6 * s, LA);
            drawBarLine(p, staff, x + 15 * s);
            drawMelodyNote(p, staff, x + 17 * s, C);
            return;
          }
          drawMelodyNote(p, staff, x + 4 * s, LA);
          drawBarLine(p, staff, x + 8 * s);
          drawMelodyNote(p, staff, x + 9.5 * s, C);
          drawMelodyNote(p, staff, x + 12.5 * s, E);
          drawBarLine(p, staff, x + 18 * s);
          drawMelodyNote(p, staff, x + 20.5 * s, E);
          drawMelodyNote(p, staff, x + 23.5 * s, LA);
          bracket(p, staff, x + 8.4 * s, x + 17.6 * s, 2);
          bracket(p, staff, x + 18.4 * s, staff.right - 0.5 * s, 1);
        },
        2,
      );
      const bars = barWords(page);
      expect(
        bars
          .slice(0, 3)
          .flat()
          .filter((w) => w.startsWith('timeline')),
        `${s}`,
      ).toEqual([]);
      expect(bars.slice(3), `${s}`).toEqual([
        ['timeline 1', 'n', 'n', 'timeline-end'],
        ['timeline 2', 'n', 'n', 'timeline-end'],
      ]);
    }
  });

  /** Two lines of two bars; a first ending over line 1's second bar and line 2's first. */
  function carriedOver(s: number, second: 1 | 2 | 'end') {
    return staffPage(
      s,
      (p, staff, line) => {
        const x = staff.left;
        drawMelodyNote(p, staff, x + 5 * s, line === 0 ? LA : C);
        drawBarLine(p, staff, x + 12 * s);
        drawMelodyNote(p, staff, x + 15 * s, E);
        drawMelodyNote(p, staff, x + 19 * s, LA);
        if (line === 0) {
          // Runs to the line's end, no hook there: the ending goes on below.
          bracket(p, staff, x + 12.4 * s, staff.right - 0.3 * s, 1);
        } else {
          bracket(p, staff, x + 3 * s, x + 11.6 * s, second);
          bracket(p, staff, x + 12.4 * s, staff.right - 0.5 * s, 1);
        }
      },
      2,
    );
  }

  it('issue 20.1 endings: an ending carried over a line break is one ending, hooked and numbered again or not', () => {
    for (const s of [10, 16]) {
      for (const second of [2, 'end'] as const) {
        expect(barWords(carriedOver(s, second)), `${s} px, ${second}`).toEqual([
          ['n'],
          ['timeline 1', 'n', 'n'],
          ['n', 'timeline-end'],
          ['timeline 2', 'n', 'n', 'timeline-end'],
        ]);
      }
    }
  });

  it.each([
    ['a long line with no hook (a rule, a text underline)', 'none'],
    ['a line hooked only at its end, with no open ending above it', 'end'],
    ['a short hooked line alone (a two-note grace beam)', 'short'],
  ] as const)('issue 20.1 endings: %s is no ending', (_, hooks) => {
    const s = 12;
    const page = staffPage(s, (p, staff) => {
      const x = staff.left;
      drawMelodyNote(p, staff, x + 4 * s, C);
      drawBarLine(p, staff, x + 11 * s);
      drawMelodyNote(p, staff, x + (hooks === 'short' ? 17 : 13) * s, E);
      if (hooks === 'end') bracket(p, staff, x + 11.4 * s, x + 20 * s, 'end');
      else if (hooks === 'short') bracket(p, staff, x + 12 * s, x + 15.5 * s, 2);
      else fillRect(p, x + 11.4 * s, staff.top - 4 * s, x + 20 * s, staff.top - 4 * s + 1);
    });
    expect(
      barWords(page)
        .flat()
        .filter((w) => w.startsWith('timeline')),
    ).toEqual([]);
  });

  it('issue 20.1 endings: a first and a second ending inside one bar are read between its notes', () => {
    for (const s of [10, 16]) {
      const page = staffPage(s, (p, staff) => {
        const x = staff.left;
        drawMelodyNote(p, staff, x + 4 * s, LA);
        drawBarLine(p, staff, x + 8 * s);
        drawMelodyNote(p, staff, x + 10 * s, C);
        drawMelodyNote(p, staff, x + 13 * s, E);
        drawMelodyNote(p, staff, x + 17 * s, LA);
        drawMelodyNote(p, staff, x + 20 * s, C);
        // '1 over E only (4 spaces), '2 from just after it to the bar's end.
        bracket(p, staff, x + 12 * s, x + 16 * s, 2);
        bracket(p, staff, x + 16.8 * s, staff.right - 0.5 * s, 2);
      });
      expect(barWords(page), `${s} px`).toEqual([
        ['n'],
        ['n', 'timeline 1', 'n', 'timeline-end', 'timeline 2', 'n', 'n', 'timeline-end'],
      ]);
    }
  });
});
