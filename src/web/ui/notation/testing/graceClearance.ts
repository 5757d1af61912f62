/**
 * How far each drawn grace-note group stands from the note before it (issue 22 item 6: 'never
 * let a grace group touch the note before it'). Measured on VexFlow's own geometry after
 * drawing: the group's left edge (the leftmost grace note's bounding box) against the right edge
 * of the previous note in the bar (its note head and what sits right of it, dots), or against
 * the bar's start for a bar's first note.
 */
import type { GraceNoteGroup } from 'vexflow/core';
import type { ScorePlan } from '../drawScore.ts';

export interface GraceClearance {
  /** Pixels between the previous note (or the bar start) and the grace group; < 0 overlaps. */
  readonly gap: number;
  readonly row: number;
  /** Index of the bar among the drawn bars, and of the note in its bar. */
  readonly bar: number;
  readonly note: number;
  readonly afterBarStart: boolean;
}

export function graceClearances(plan: ScorePlan): GraceClearance[] {
  const found: GraceClearance[] = [];
  plan.rows.flat().forEach((b, barIndex) => {
    b.notes.forEach((note, i) => {
      const group = note
        .getModifiers()
        .find((m): m is GraceNoteGroup => m.getCategory() === 'GraceNoteGroup');
      if (!group) return;
      const left = Math.min(...group.getGraceNotes().map((g) => g.getBoundingBox().getX()));
      const previous = b.notes[i - 1];
      const right = previous
        ? previous.getNoteHeadEndX() + previous.getMetrics().modRightPx
        : b.stave.getNoteStartX() - 8;
      found.push({
        gap: left - right,
        row: b.row,
        bar: barIndex,
        note: i,
        afterBarStart: !previous,
      });
    });
  });
  return found;
}
