import { notesOf, tuneText, type Tune } from '../../../music/tune/tune.ts';

/** The screen-reader description of a score: what it is and how long, not every note. */
export function scoreLabel(tune: Tune): string {
  const title = tuneText(tune, 'title') || 'Untitled tune';
  const type = tuneText(tune, 'type');
  const bars = tune.parts.reduce(
    (sum, p) => sum + p.lines.reduce((s, l) => s + l.bars.filter((b) => b.items.length).length, 0),
    0,
  );
  const notes = notesOf(tune).length;
  return `Pipe music: ${title}${type ? `, ${type}` : ''}, ${bars} bars, ${notes} notes`;
}
