import { barsOf, notesOf, type Tune } from '../../../music/tune/tune.ts';
import { tuneName } from '../../../music/tune/tuneNames.ts';
import { markWords } from './markWords.ts';

/**
 * The screen-reader description of a score: what it is and how long, not every note — and the
 * navigation marks, which change the order a piper plays the bars in.
 */
export function scoreLabel(tune: Tune, tuneIndex = 0): string {
  // Named as the picker and the header name it (issue 22 item 9).
  const { title, type } = tuneName(tune, tuneIndex);
  const parts = tune.parts.length;
  const bars = tune.parts.reduce(
    (sum, p) => sum + p.lines.reduce((s, l) => s + l.bars.filter((b) => b.items.length).length, 0),
    0,
  );
  const notes = notesOf(tune).length;
  const marks = [
    ...new Set(
      barsOf(tune).flatMap((b) =>
        b.items.flatMap((i) => (i.kind === 'mark' ? [markWords[i.code]] : [])),
      ),
    ),
  ];
  return `Pipe music: ${title}${type ? `, ${type}` : ''}${parts > 1 ? `, ${parts} parts` : ''}, ${bars} bars, ${notes} notes${marks.length ? `; marks: ${marks.join(', ')}` : ''}`;
}
