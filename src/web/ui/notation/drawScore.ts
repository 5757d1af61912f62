/**
 * Draws a laid-out pipe score (./scoreLayout.ts) with VexFlow as SVG (issue 6 item 5): treble
 * clef and the pipe key signature at each row start, melody stems down, embellishments as
 * small beamed grace notes stems up, beams as written, dots, ties, tuplets, bar lines and
 * repeats, time signatures and time-line brackets. Rows follow the tune's lines and split when
 * a line does not fit the width (./reflowBars.ts).
 */
import type {
  Beam,
  Formatter,
  GraceNote,
  RenderContext,
  Stave,
  StaveNote,
  Tuplet,
  Voice,
} from 'vexflow/core';
import { runInSlices, runToEnd, type SliceOptions, type Steps } from '../../lib/runInSlices.ts';
import { tupletDigits, type VexFlowApi } from '../../lib/vexflow.ts';
import { drawMarks } from './drawMarks.ts';
import { PIPE_KEY, STEM_DOWN, STEM_UP } from './drawStaves.ts';
import { distributeWidths, fitScore } from './reflowBars.ts';
import type { ScoreBar, ScoreEnding, ScoreLine } from './scoreLayout.ts';
import { setPartStartBar } from './setPartStartBar.ts';
import { endingLabel, timeSpec } from './vexKeys.ts';

/** Vertical distance between rows and the offset of a stave inside its row (CSS px). */
export const ROW_HEIGHT = 124;
const STAVE_TOP = 14;
/**
 * Extra room above a row that carries an ending bracket, so the bracket stands clearly nearer
 * its own staff than the staff above (issue 22 item 6: 'bracket endings close to their own
 * staff').
 */
export const ENDING_ROOM = 16;
/**
 * Where an ending bracket's line sits above its staff's top line (CSS px at full size): clear
 * of High A gracenote stems and beams (about 30 px up), far below the row above.
 */
export const ENDING_ABOVE_STAFF = 42;
/** The ending's label ('1st') stands on the bracket's line, clear of the bar's first gracenotes. */
const ENDING_LABEL_LIFT = 3;
const ENDING_LABEL_FONT = { family: 'sans-serif', size: 9, weight: 'bold' } as const;

/**
 * Room a bar wants beyond VexFlow's tightest fit; the row's spare room is shared out too.
 * VexFlow sets a bar's first note Stave.defaultPadding (12) after the stave's note start, which
 * is itself past the bar line (barStart); BAR_END_GAP keeps the last note's dot off the closing
 * line. Without the last two, a bar holding only a dotted minim got 46 px for 49 px of ink and
 * its dot sat in the closing repeat's dots (Mull of Kintyre; found by the OMR bench, issue 20).
 */
const BAR_PADDING = 12;
const BAR_END_GAP = 3;
/**
 * The smallest the score is drawn, as a fraction of VexFlow's full size. A score whose lines do
 * not fit the width is drawn smaller, down to this, to keep the lines as the file writes them
 * (printed pipe music is about 0.65 of full size: a 1.7 mm staff space); below it the lines are
 * reflowed. At 0.6 the 782 px the 1280-px Sheet Music screen gives the score keep the
 * file's lines of four tunes in five of the corpus. Phones take a little smaller notes rather
 * than one bar a line (issue 22 item 6).
 */
export const MIN_SCALE = 0.6;
export const MIN_PHONE_SCALE = 0.55;
/** Containers narrower than this are phones. */
const PHONE_WIDTH = 600;

export interface DrawnScore {
  /** The SVG group of each melody note, by its index in `notesOf(tune)`. */
  readonly noteElements: ReadonlyMap<number, SVGElement>;
  readonly rows: number;
  /** The layout drawn (for the layout tests). */
  readonly plan: ScorePlan;
}

export interface BuiltBar {
  readonly bar: ScoreBar;
  readonly notes: StaveNote[];
  readonly graces: GraceNote[];
  readonly voice: Voice;
  readonly beams: Beam[];
  readonly tuplets: Tuplet[];
  readonly formatter: Formatter;
  readonly minWidth: number;
}

function buildBar(vf: VexFlowApi, bar: ScoreBar): BuiltBar {
  const allGraces: GraceNote[] = [];
  const notes = bar.notes.map((n) => {
    const note = new vf.StaveNote({
      keys: [n.key],
      duration: n.duration,
      dots: n.dots,
      ...(n.rest ? { type: 'r' } : { stemDirection: STEM_DOWN }),
    });
    for (let d = 0; d < n.dots; d++) vf.Dot.buildAndAttach([note], { all: true });
    if (n.accidental) {
      const code = n.accidental === 'sharp' ? '#' : n.accidental === 'flat' ? 'b' : 'n';
      note.addModifier(new vf.Accidental(code), 0);
    }
    if (n.fermata) {
      note.addModifier(new vf.Articulation('a@a').setPosition(vf.ModifierPosition.ABOVE), 0);
    }
    if (n.graces.length > 0) {
      // Pipe music writes gracenotes as small demisemiquavers, stems up, beamed together.
      const graces = n.graces.map((key) => {
        const grace = new vf.GraceNote({ keys: [key], duration: '32', slash: false });
        grace.setStemDirection(STEM_UP);
        return grace;
      });
      allGraces.push(...graces);
      const group = new vf.GraceNoteGroup(graces, false);
      if (graces.length > 1) group.beamNotes();
      note.addModifier(group, 0);
    }
    return note;
  });
  const beams = bar.beams.map((group) => new vf.Beam(group.map((i) => notes[i]!)));
  // Tuplets change the notes' ticks, so they exist before the voice sums them.
  const tuplets = bar.tuplets.map(
    (t) =>
      new vf.Tuplet(notes.slice(t.first, t.last + 1), {
        numNotes: t.actual,
        notesOccupied: t.normal,
        location: vf.Tuplet.LOCATION_TOP,
        bracketed: !bar.beams.some((g) => g.includes(t.first) && g.includes(t.last)),
      }),
  );
  const voice = new vf.Voice({ numBeats: 4, beatValue: 4 }).setMode(vf.Voice.Mode.SOFT);
  voice.addTickables(notes);
  const formatter = new vf.Formatter();
  // The tick contexts made here are formatted again in place by ./formatBar.ts (not made anew
  // by formatToStave, which would format every bar twice).
  const minWidth = notes.length
    ? formatter.joinVoices([voice]).preCalculateMinTotalWidth([voice])
    : 0;
  return { bar, notes, graces: allGraces, voice, beams, tuplets, formatter, minWidth };
}

function barlineOf(vf: VexFlowApi, close: ScoreBar['close']) {
  if (close === 'repeat') return vf.BarlineType.REPEAT_END;
  if (close === 'part') return vf.BarlineType.END;
  if (close === 'double') return vf.BarlineType.DOUBLE;
  return vf.BarlineType.SINGLE;
}

/**
 * How far a bar's closing sign reaches left of the stave's end: a closing repeat's dots and thin
 * line 10 px, a part end's thin line 5, a double bar's 3 (the Barline's layout metrics). VexFlow's
 * Stave.format leaves the notes the whole stave when the bar line is its only end modifier, so
 * the last note of a repeated part was set against the dots (found by the OMR bench, where the
 * grace notes before it were lost at 150 dpi).
 */
function closingSignWidth(vf: VexFlowApi, close: ScoreBar['close']): number {
  if (!close || close === 'line' || close === 'bar') return 0;
  return Math.max(0, -(new vf.Barline(barlineOf(vf, close)).getLayoutMetrics()?.xMin ?? 0));
}

/** Width that clef, key signature (and time signature) take at the start of a stave. */
function startWidth(vf: VexFlowApi, rowStart: boolean, time: string | null): number {
  const stave = new vf.Stave(0, 0, 400);
  if (rowStart) stave.addClef('treble').addKeySignature(PIPE_KEY);
  if (time) stave.addTimeSignature(time);
  return stave.getNoteStartX();
}

/** A bar placed in its row: its stave, and the bar's VexFlow objects formatted to it. */
export interface PlannedBar extends BuiltBar {
  readonly row: number;
  readonly stave: Stave;
  /** The y of the ending bracket's line, when the bar carries one. */
  readonly endingY: number | null;
  /** The ending's label ('1st'), on the bar where its bracket begins. */
  readonly endingLabel: string | null;
  /** Brackets over part of the bar, drawn by paintScore once the notes have their places. */
  readonly partEndings: readonly ScoreEnding[];
}

export interface ScorePlan {
  /** The width laid out at; the SVG is scaled to `width` when this is wider. */
  readonly layoutWidth: number;
  readonly width: number;
  readonly height: number;
  readonly rows: readonly (readonly PlannedBar[])[];
}

/**
 * Lays the score out at `width` CSS pixels without drawing (issue 22 item 6): how many bars each
 * row takes (./reflowBars.ts fitScore), the scale, each row's height (more above a row with an
 * ending bracket) and every bar's stave, with the notes formatted to it.
 */
export function planScore(vf: VexFlowApi, width: number, lines: readonly ScoreLine[]): ScorePlan {
  return runToEnd(planScoreSteps(vf, width, lines));
}

/**
 * planScore as steps (./drawScore.ts drawScoreInSlices): it yields after each bar is built and
 * after each bar is formatted, making the VexFlow objects in the same order as in one
 * go, so the drawing is the same (issue 21: the score was one ~170 ms task at 4× slowdown).
 */
export function* planScoreSteps(
  vf: VexFlowApi,
  width: number,
  lines: readonly ScoreLine[],
): Steps<ScorePlan> {
  const built: BuiltBar[][] = [];
  for (const line of lines) {
    if (!line.bars.some((bar) => bar.notes.length > 0)) continue;
    const bars: BuiltBar[] = [];
    for (const bar of line.bars) {
      bars.push(buildBar(vf, bar));
      yield;
    }
    built.push(bars);
  }
  const clefKey = startWidth(vf, true, null);
  // What a bar's time signature and its opening repeat or part-start sign add before its notes,
  // measured after a clef and key as on a row's first bar, where they take the most room (a
  // time signature takes 29 px there against 14 mid-row; a repeat sign 20 against none). Issue
  // 20: the OMR bench found first bars whose notes spilled past their closing line.
  const extras = new Map<string, number>();
  const startExtra = (b: BuiltBar) => {
    const time = b.bar.time ? timeSpec(b.bar.time) : null;
    const open = b.bar.open === 'repeat' || b.bar.open === 'part' ? b.bar.open : null;
    if (!time && !open) return 0;
    const key = `${time ?? ''} ${open ?? ''}`;
    let w = extras.get(key);
    if (w === undefined) {
      const stave = new vf.Stave(0, 0, 400).addClef('treble').addKeySignature(PIPE_KEY);
      if (time) stave.addTimeSignature(time);
      if (open === 'repeat') stave.setBegBarType(vf.BarlineType.REPEAT_BEGIN);
      else if (open === 'part') setPartStartBar(vf, stave);
      w = Math.max(0, stave.getNoteStartX() - clefKey);
      extras.set(key, w);
    }
    return w;
  };
  // Where a mid-row bar's notes may start, past its bar line.
  const barStart = new vf.Stave(0, 0, 400).setBegBarType(vf.BarlineType.NONE).getNoteStartX();
  const barWidth = (b: BuiltBar) =>
    b.minWidth +
    BAR_PADDING +
    barStart +
    BAR_END_GAP +
    startExtra(b) +
    closingSignWidth(vf, b.bar.close);
  const fit = fitScore(
    built.map((line) => line.map(barWidth)),
    clefKey,
    width - 2,
    width < PHONE_WIDTH ? MIN_PHONE_SCALE : MIN_SCALE,
  );
  const layoutWidth = Math.max(width, fit.layoutWidth + 2);
  const usable = layoutWidth - 2;
  const rowsOfBars: BuiltBar[][] = built.flatMap((line, l) =>
    (fit.rows[l] ?? []).map((indices) => indices.map((i) => line[i]!)),
  );

  let top = 0;
  const rows: PlannedBar[][] = [];
  for (const [r, row] of rowsOfBars.entries()) {
    if (row.some((b) => b.bar.endings.length > 0)) top += ENDING_ROOM;
    const y = top + STAVE_TOP;
    top += ROW_HEIGHT;
    const widths = distributeWidths(
      row.map((b, j) => barWidth(b) + (j === 0 ? clefKey : 0)),
      usable,
    );
    let x = 1;
    const planned: PlannedBar[] = [];
    for (const [j, b] of row.entries()) {
      const w = widths[j]!;
      const stave = new vf.Stave(x, y, w);
      x += w;
      if (j === 0) stave.addClef('treble').addKeySignature(PIPE_KEY);
      if (b.bar.time) stave.addTimeSignature(timeSpec(b.bar.time));
      if (b.bar.open === 'repeat') stave.setBegBarType(vf.BarlineType.REPEAT_BEGIN);
      else if (b.bar.open === 'part') setPartStartBar(vf, stave);
      else if (j > 0) stave.setBegBarType(vf.BarlineType.NONE);
      stave.setEndBarType(barlineOf(vf, b.bar.close));
      const endings = b.bar.endings;
      const endingY = endings.length > 0 ? stave.getYForLine(0) - ENDING_ABOVE_STAFF : null;
      let label: string | null = null;
      // One bracket over the whole bar is VexFlow's Volta; brackets over part of a bar (a first
      // and a second ending in one bar) are drawn by paintScore over their own notes.
      const ending =
        endings.length === 1 && endings[0]!.from === 0 && endings[0]!.to === b.notes.length
          ? endings[0]!
          : null;
      const partEndings = ending
        ? []
        : endings.map((e) => ({ ...e, starts: e.starts || (j === 0 && e.from === 0) }));
      if (ending && endingY !== null) {
        const begins = ending.starts || j === 0;
        const type =
          begins && ending.ends
            ? vf.VoltaType.BEGIN_END
            : begins
              ? vf.VoltaType.BEGIN
              : ending.ends
                ? vf.VoltaType.END
                : vf.VoltaType.MID;
        // VexFlow draws the line at getYForTopText(lines) + shift, and its label 15 px under
        // the line, where the bar's first gracenotes are: the label is ours (paintScore).
        stave.setVoltaType(type, '', endingY - stave.getYForTopText(stave.getNumLines()));
        if (begins) label = endingLabel(ending.label);
      }
      if (b.notes.length > 0) formatBar(vf, b, stave);
      planned.push({ ...b, row: r, stave, endingY, endingLabel: label, partEndings });
      yield;
    }
    rows.push(planned);
  }
  return { layoutWidth, width, height: Math.max(1, top) + 10, rows };
}

/**
 * Formats a built bar's voice to its stave, as `Formatter.formatToStave` does but reusing the
 * tick contexts `preCalculateMinTotalWidth` made in buildBar (issue 22 item 6: formatToStave
 * makes them anew, so every bar was formatted twice).
 */
function formatBar(vf: VexFlowApi, b: BuiltBar, stave: Stave): void {
  const justifyWidth =
    stave.getNoteEndX() -
    stave.getNoteStartX() -
    vf.Stave.defaultPadding -
    closingSignWidth(vf, b.bar.close);
  vf.Formatter.AlignRestsToNotes(b.notes, false);
  b.formatter.preFormat(justifyWidth, undefined, [b.voice], stave);
  b.formatter.postFormat();
}

/** An ending's label ('1st') on its bracket's line, by the hook at `x`. */
function drawEndingLabel(ctx: RenderContext, x: number, y: number, text: string): void {
  // A class of our own, as for the marks (./drawMarks.ts): VexFlow prefixes its own.
  (ctx.openGroup('ending-label') as SVGGElement | undefined)?.classList.add('score-ending-label');
  ctx.save();
  ctx.setFont(ENDING_LABEL_FONT.family, ENDING_LABEL_FONT.size, ENDING_LABEL_FONT.weight);
  ctx.fillText(text, x + 4, y - ENDING_LABEL_LIFT);
  ctx.restore();
  ctx.closeGroup();
}

/** Where VexFlow's Volta starts its bracket on a stave (as Volta.draw finds it). */
function bracketStart(vf: VexFlowApi, stave: Stave): number {
  const volta = stave.getModifiers(undefined, vf.Volta.CATEGORY)[0];
  // The stave's x plus the modifiers' shift (the shift alone put every label of an ending that
  // starts mid-row at the row's left end).
  return stave.getX() + stave.getModifierXShift(volta?.getPosition() ?? 0);
}

/**
 * Brackets over part of a bar, as VexFlow draws a Volta (a 1-px line, hooks 1.5 spaces deep):
 * from the bar's start or halfway between the note before and the first note's grace notes, to
 * halfway before the next note or the bar's end.
 */
function drawPartEndings(vf: VexFlowApi, ctx: RenderContext, b: PlannedBar): void {
  const y = b.endingY;
  if (y === null) return;
  const hook = 1.5 * b.stave.getSpacingBetweenLines();
  const left = (i: number) => {
    const note = b.notes[i]!;
    const m = note.getMetrics();
    return note.getAbsoluteX() - m.modLeftPx - m.leftDisplacedHeadPx;
  };
  const right = (i: number) => {
    const note = b.notes[i]!;
    const m = note.getMetrics();
    return note.getAbsoluteX() + m.notePx + m.rightDisplacedHeadPx + m.modRightPx;
  };
  const end = b.stave.getX() + b.stave.getWidth() - 5 - closingSignWidth(vf, b.bar.close);
  // Halfway between note i - 1 and note i's grace notes; brackets meeting there keep 6 px apart.
  const between = (i: number) => (right(i - 1) + left(i)) / 2;
  const GAP = 3;
  const startOf = (e: ScoreEnding) =>
    e.from === 0 ? bracketStart(vf, b.stave) : between(e.from) + GAP;
  (ctx.openGroup('ending') as SVGGElement | undefined)?.classList.add('score-ending');
  for (const e of b.partEndings) {
    const x0 = startOf(e);
    const x1 = e.to >= b.notes.length ? end : between(e.to) - GAP;
    ctx.fillRect(x0, y, x1 - x0, 1);
    if (e.starts) ctx.fillRect(x0, y, 1, hook);
    if (e.ends) ctx.fillRect(x1, y, 1, hook);
  }
  ctx.closeGroup();
  for (const e of b.partEndings) {
    if (!e.starts) continue;
    drawEndingLabel(ctx, startOf(e), y, endingLabel(e.label));
  }
}

/** Draws a planned score into a rendering context (SVG in the app, anything in the tests). */
export function paintScore(vf: VexFlowApi, ctx: RenderContext, plan: ScorePlan): void {
  runToEnd(paintScoreSteps(vf, ctx, plan));
}

/** paintScore as steps: it yields after each bar, then draws the ties. */
export function* paintScoreSteps(vf: VexFlowApi, ctx: RenderContext, plan: ScorePlan): Steps<void> {
  const rowOf = new Map<StaveNote, number>();
  for (const row of plan.rows) {
    for (const b of row) {
      b.stave.setContext(ctx).draw();
      if (b.endingLabel !== null && b.endingY !== null)
        drawEndingLabel(ctx, bracketStart(vf, b.stave), b.endingY, b.endingLabel);
      if (b.notes.length > 0) {
        b.voice.draw(ctx, b.stave);
        for (const beam of b.beams) beam.setContext(ctx).draw();
        for (const tuplet of b.tuplets) tuplet.setContext(ctx).draw();
      }
      // After formatting, so a segno or coda written mid-bar stands over its own note.
      if (b.partEndings.length > 0) drawPartEndings(vf, ctx, b);
      drawMarks(ctx, b.stave, b.bar, (i) => b.notes[i]?.getAbsoluteX());
      for (const note of b.notes) rowOf.set(note, b.row);
      yield;
    }
  }

  // Ties join a note to the next melody note, across bar lines and, in two halves, rows.
  const sequence = plan.rows
    .flat()
    .flatMap((b) => b.notes.map((note, i) => ({ note, n: b.bar.notes[i]! })));
  sequence.forEach(({ note, n }, i) => {
    if (!n.tie || n.rest) return;
    const next = sequence.slice(i + 1).find((s) => !s.n.rest)?.note;
    if (!next) return;
    const same = rowOf.get(note) === rowOf.get(next);
    const pieces = same
      ? [{ firstNote: note, lastNote: next }]
      : [{ firstNote: note }, { lastNote: next }];
    for (const piece of pieces) {
      new vf.StaveTie({ ...piece, firstIndexes: [0], lastIndexes: [0] }).setContext(ctx).draw();
    }
  });
}

/**
 * Draws the score into `host` at `width` CSS pixels, replacing what the host held; returns the
 * note elements by index.
 */
export function drawScore(
  vf: VexFlowApi,
  host: HTMLDivElement,
  width: number,
  lines: readonly ScoreLine[],
): DrawnScore {
  return runToEnd(drawScoreSteps(vf, host, width, lines));
}

/**
 * drawScore in slices of main-thread time with the browser between them (issue 21 item 3:
 * the score was one ~170 ms task at 4× slowdown, most of /sheet-music's and /play-along's
 * blocking time). The drawing is the same as drawScore's; the host keeps its old drawing
 * until the new one is complete, so nothing shifts meanwhile. Null when aborted.
 */
export async function drawScoreInSlices(
  vf: VexFlowApi,
  host: HTMLDivElement,
  width: number,
  lines: readonly ScoreLine[],
  options: SliceOptions = {},
): Promise<{ value: DrawnScore; busyMs: number } | null> {
  return runInSlices(drawScoreSteps(vf, host, width, lines), options);
}

/** drawScore as steps (yields after each bar built, formatted and painted). */
export function* drawScoreSteps(
  vf: VexFlowApi,
  host: HTMLDivElement,
  width: number,
  lines: readonly ScoreLine[],
): Steps<DrawnScore> {
  const plan = yield* planScoreSteps(vf, width, lines);
  const { layoutWidth, height } = plan;

  // Drawn into a detached element and attached once: thousands of inserts into a live
  // document each invalidate style; into a detached tree they cost nothing extra.
  const stage = document.createElement('div');
  const renderer = new vf.Renderer(stage, vf.Renderer.Backends.SVG);
  renderer.resize(layoutWidth, height);
  const svg = stage.querySelector('svg');
  svg?.setAttribute('aria-hidden', 'true');
  svg?.setAttribute('focusable', 'false');
  if (svg && layoutWidth > width) {
    svg.setAttribute('viewBox', `0 0 ${layoutWidth} ${height}`);
    svg.style.width = `${width}px`;
    svg.style.height = `${(height * width) / layoutWidth}px`;
  }
  yield* paintScoreSteps(vf, renderer.getContext(), plan);

  // VexFlow's getSVGElement looks ids up in the document, and the stage is detached: index the
  // drawn groups by id once instead — only the kinds looked up below (notes, grace notes and
  // tuplets), not the thousands of note-head, stem and beam groups.
  const groups = new Map<string, SVGElement>();
  stage
    .querySelectorAll<SVGElement>('g.vf-stavenote, g.vf-tuplet')
    .forEach((g) => groups.set(g.id, g));
  const groupOf = (element: { getAttribute(name: string): unknown }) =>
    groups.get(`vf-${String(element.getAttribute('id'))}`);

  const noteElements = new Map<number, SVGElement>();
  for (const b of plan.rows.flat()) {
    b.notes.forEach((note, i) => {
      const element = groupOf(note);
      const n = b.bar.notes[i]!;
      // Classes for styling and the browser tests (VexFlow's own are 'vf-stavenote' for both).
      element?.classList.add(n.rest ? 'score-rest' : 'melody-note');
      if (element && n.noteIndex !== null) {
        element.setAttribute('data-note-index', String(n.noteIndex));
        noteElements.set(n.noteIndex, element);
      }
    });
    for (const grace of b.graces) groupOf(grace)?.classList.add('grace-note');
    for (const tuplet of b.tuplets) {
      groupOf(tuplet)
        ?.querySelectorAll('text')
        .forEach((t) => (t.textContent = tupletDigits(t.textContent ?? '')));
    }
  }
  host.replaceChildren(...(svg ? [svg] : []));
  return { noteElements, rows: plan.rows.length, plan };
}
