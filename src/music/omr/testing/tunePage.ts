/**
 * The unit tests' constructed page of pipe music (issue 20 item 1), drawn with ./drawPage.ts.
 */
import {
  beamStems,
  blankPage,
  drawBarLine,
  drawGraceNotes,
  drawMelodyNote,
  drawRepeatDots,
  drawStaff,
  fillEllipse,
  fillRect,
  type Canvas,
  type StaffSpec,
} from './drawPage.ts';

// Pitch indices as drawn: 0 = Low G … 8 = High A.
const [LG, LA, B, C, D, E, F, HG, HA] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

function clef(page: Canvas, staff: StaffSpec): void {
  const s = staff.space;
  fillRect(page, staff.left + s, staff.top - 2 * s, staff.left + s * 1.15, staff.top + 5.5 * s);
  fillEllipse(page, staff.left + s * 0.8, staff.top + 5.4 * s, s * 0.35, s * 0.35);
}

/**
 * Two lines of a tune at staff space `s`:
 *   ||: gg LA_4  Cr_8 El_8 | dbc C_4 D_4 :||
 *   gg E_4 grp LA_4 | Fr_16 E_16 D_16 Cl_16 HA_4 !I  … and a minim with a dot.
 */
export function tunePage(s = 16): Canvas {
  const width = Math.round(s * 50);
  const page = blankPage(width, Math.round(s * 30));
  const staves: StaffSpec[] = [
    {
      top: Math.round(s * 6),
      left: 10,
      right: width - 10,
      space: s,
      thickness: Math.max(1, Math.round(s / 8)),
    },
    {
      top: Math.round(s * 19),
      left: 10,
      right: width - 10,
      space: s,
      thickness: Math.max(1, Math.round(s / 8)),
    },
  ];
  for (const st of staves) {
    drawStaff(page, st);
    drawBarLine(page, st, st.left);
    clef(page, st);
  }
  const [one, two] = staves as [StaffSpec, StaffSpec];
  let x = one.left + s * 5;
  drawBarLine(page, one, x, true);
  drawBarLine(page, one, x + s * 0.9);
  drawRepeatDots(page, one, x + s * 1.6);
  x += s * 3;
  x = drawGraceNotes(page, one, x, [HG]) + s * 0.8;
  drawMelodyNote(page, one, x, LA);
  x += s * 3;
  const c = drawMelodyNote(page, one, x, C);
  const e = drawMelodyNote(page, one, x + s * 3, E);
  beamStems(page, one, [c, e], 1);
  x += s * 6;
  drawBarLine(page, one, x);
  x += s * 1.5;
  x = drawGraceNotes(page, one, x, [HG, C, D]) + s * 0.8;
  drawMelodyNote(page, one, x, C);
  drawMelodyNote(page, one, x + s * 3.5, D);
  x = one.right - s * 1.3;
  drawRepeatDots(page, one, x - s * 0.7);
  drawBarLine(page, one, x);
  drawBarLine(page, one, one.right - Math.max(3, Math.round(s * 0.5)) + 1, true);

  x = two.left + s * 5;
  x = drawGraceNotes(page, two, x, [HG]) + s * 0.8;
  drawMelodyNote(page, two, x, E);
  x += s * 2.5;
  x = drawGraceNotes(page, two, x, [LG, D, LG]) + s * 0.8;
  drawMelodyNote(page, two, x, LA);
  x += s * 3;
  drawBarLine(page, two, x);
  x += s * 1.5;
  const semis = [F, E, D, C].map((p, i) => drawMelodyNote(page, two, x + i * s * 2.4, p));
  beamStems(page, two, semis, 2);
  x += s * 10.5;
  drawMelodyNote(page, two, x, HA);
  x += s * 3;
  drawBarLine(page, two, x);
  x += s * 1.5;
  drawMelodyNote(page, two, x, B, { hollow: true });
  x += s * 4;
  drawBarLine(page, two, x);
  drawBarLine(page, two, two.right - s * 1.2);
  drawBarLine(page, two, two.right - Math.max(3, Math.round(s * 0.5)) + 1, true);
  return page;
}
