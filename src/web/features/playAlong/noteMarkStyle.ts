/**
 * How a verdict shows on the score (issue 14 item 4): a colour family and a symbol, so colour
 * is never the only cue (WCAG 1.4.1), and words for the tooltip and the review.
 */
import type { NoteMark } from '../../../audio/playAlong/playAlongSession.ts';
import type { NoteMarkStyle } from '../../ui/notation/applyNoteMarks.ts';

export const verdictWords = {
  correct: 'right',
  early: 'early',
  late: 'late',
  wrong: 'wrong note',
  missed: 'missed',
} as const;

export const embellishmentWords = {
  complete: 'complete',
  'missing-graces': 'grace notes missing',
  'wrong-order': 'grace notes in the wrong order',
  'crossing-noise': 'crossing noise',
  'too-slow': 'too slow',
} as const;

export function noteMarkStyle(mark: NoteMark): NoteMarkStyle {
  const words: string[] = [verdictWords[mark.verdict]];
  if (mark.embellishment && mark.embellishment !== 'complete')
    words.push(`embellishment: ${embellishmentWords[mark.embellishment]}`);
  const label = words.join('; ');
  switch (mark.verdict) {
    case 'wrong':
      return { kind: 'bad', symbol: '✗', label };
    case 'missed':
      return { kind: 'bad', symbol: '○', label };
    case 'early':
      return { kind: 'timing', symbol: '‹', label };
    case 'late':
      return { kind: 'timing', symbol: '›', label };
    default:
      return mark.embellishment && mark.embellishment !== 'complete'
        ? { kind: 'timing', symbol: '~', label }
        : { kind: 'good', symbol: '✓', label };
  }
}
