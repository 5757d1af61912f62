/**
 * Navigation marks and free text above a bar, as printed pipe music shows them (issue 6 item 5;
 * model `Mark` and in-music `Text`): the segno and coda signs in the music font where they are
 * written, 'D.S.', 'D.C. al Fine' and 'Fine' in bold italic at the end of the bar, and the
 * writer's own words ('part 2', 'Seconds') small above the bar's start. Drawn after the bar's
 * notes are formatted, and nothing at all for a bar without marks or text, so a tune without
 * them costs nothing.
 */
import type { RenderContext, Stave } from 'vexflow/core';
import { MUSIC_FONT } from '../../lib/vexflow.ts';
import { closingMarks, markWords } from './markWords.ts';
import type { ScoreBar } from './scoreLayout.ts';

/** SMuFL code points (Gonville has both). */
const SEGNO = '\uE047';
const CODA = '\uE048';

/** Gonville draws its coda smaller than its segno at one size; printed, they match. */
const SIGN_SIZE = { segno: '24pt', coda: '30pt' } as const;
const WORDS_FONT = { family: 'serif', size: '11pt', weight: 'bold', style: 'italic' };
const TEXT_FONT = { family: 'serif', size: '9pt', weight: 'normal', style: 'italic' };
/** Room a sign takes, so a text at the same bar start stands after it. */
const SIGN_WIDTH = 24;

type Anchor = 'start' | 'middle' | 'end';

function put(
  ctx: RenderContext,
  classes: readonly string[],
  text: string,
  x: number,
  y: number,
  anchor: Anchor,
): void {
  const group = ctx.openGroup(classes[0]) as SVGGElement | undefined;
  group?.classList.add(...classes);
  ctx.fillText(text, x, y);
  // Anchored by the SVG itself: no text measuring needed for right-aligned words.
  group?.lastElementChild?.setAttribute('text-anchor', anchor);
  ctx.closeGroup();
}

/**
 * `noteX(i)` is where the bar's note `i` was formatted (its head's left edge), so a sign written
 * before a note stands over that note.
 */
export function drawMarks(
  ctx: RenderContext,
  stave: Stave,
  bar: ScoreBar,
  noteX: (index: number) => number | undefined,
): void {
  if (bar.marks.length === 0 && bar.texts.length === 0) return;
  const top = stave.getTopLineTopY();
  const baseline = top - 8;
  const startX = stave.getNoteStartX();
  const endX = stave.getX() + stave.getWidth();
  const noteSpan = Math.max(0, stave.getNoteEndX() - startX);
  const count = bar.notes.length;
  let textX = stave.getX() + 4;
  let endWords = 0;
  ctx.save();
  for (const mark of bar.marks) {
    const classes = ['score-mark', `score-mark-${mark.code}`];
    if (closingMarks.has(mark.code)) {
      const words = markWords[mark.code];
      // Printed at the end of the bar whose end sends the player back (or ends the tune).
      ctx.setFont(WORDS_FONT);
      // Two at one bar end ('Fine' and 'D.S.') stand one above the other.
      put(ctx, classes, words, endX - 4, baseline - 14 * endWords++, 'end');
      continue;
    }
    const segno = mark.code === 'segno';
    const atEnd = mark.at >= count;
    // Centred over the note head (about 10 px wide); by proportion if the note is unknown.
    const x = atEnd
      ? endX - 10
      : (noteX(mark.at) ?? startX + (noteSpan * mark.at) / Math.max(1, count)) + 5;
    ctx.setFont(MUSIC_FONT, segno ? SIGN_SIZE.segno : SIGN_SIZE.coda);
    put(ctx, classes, segno ? SEGNO : CODA, x, baseline, 'middle');
    if (mark.code === 'codasection') {
      ctx.setFont(WORDS_FONT);
      put(ctx, ['score-mark-words'], 'Coda', x + 14, baseline - 4, 'start');
    }
    if (mark.at === 0 && x - SIGN_WIDTH / 2 < textX + SIGN_WIDTH) {
      textX = Math.max(textX, x + SIGN_WIDTH / 2 + (mark.code === 'codasection' ? 40 : 4));
    }
  }
  if (bar.texts.length > 0) {
    ctx.setFont(TEXT_FONT);
    put(ctx, ['score-text'], bar.texts.join(' '), textX, top - 16, 'start');
  }
  ctx.restore();
}
