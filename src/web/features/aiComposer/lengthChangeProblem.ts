/**
 * Why a note-length change cannot be made (issue 19 item 2, omr-ux: 'a note-length change the
 * bar can't balance says why instead of snapping back silently'). The composer's
 * editNoteLength keeps each bar whole: the next note in the same beat (else the one before it)
 * gives or takes the difference, and leaves the tune as it was when it cannot. This names the
 * reason in a piper's words, before the change is sent to the worker; null when it can be made
 * (a test holds the two to the same rule for every note and length).
 */
import {
  notesOfBar,
  WRITABLE_TICKS,
  type Composition,
} from '../../../music/composer/composition.ts';
import { noteOf } from '../../../music/notes.ts';
import { TICK_NAMES } from './tickNames.ts';

const lengthName = (ticks: number) => TICK_NAMES[ticks] ?? `${ticks} semiquavers long`;
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

export function lengthChangeProblem(
  composition: Composition,
  part: number,
  bar: number,
  index: number,
  ticks: number,
): string | null {
  const source = composition.parts[part]?.[bar];
  if (!source || !notesOfBar(source)[index]) return null;
  let start = 0;
  for (const beat of source.beats) {
    if (index >= start + beat.length) {
      start += beat.length;
      continue;
    }
    const at = index - start;
    const note = beat[at]!;
    if (ticks === note.ticks) return null;
    const wanted = lengthName(ticks);
    if (!WRITABLE_TICKS.includes(ticks)) return `${article(wanted)} ${wanted} cannot be written.`;
    const other = at + 1 < beat.length ? at + 1 : at - 1;
    const neighbour = beat[other];
    const mine = `${noteOf(note.pitch).name} ${lengthName(note.ticks)}`;
    if (!neighbour) {
      return `The ${mine} has its beat to itself, so no other note can give or take the time and the bar would no longer add up. Change a note in a beat of two or more, or regenerate the bar.`;
    }
    const theirs = `${noteOf(neighbour.pitch).name} ${lengthName(neighbour.ticks)}`;
    const where = other > at ? 'after it' : 'before it';
    const rest = neighbour.ticks - (ticks - note.ticks);
    if (WRITABLE_TICKS.includes(rest)) return null;
    if (rest <= 0) {
      return `${article(wanted).replace(/^a/, 'A')} ${wanted} is too long here: the ${theirs} ${where} in the beat would have no time left, and the bar would no longer add up.`;
    }
    return `${article(wanted).replace(/^a/, 'A')} ${wanted} would leave the ${theirs} ${where} ${rest} semiquavers long, which no single note can be, so the bar would no longer add up.`;
  }
  return null;
}
