/**
 * MusicXML `<beam>` elements for a bar's melody notes. BWW marks which side each note's beam
 * joins ('r' to the next note, 'l' to the previous); a group is a run of quavers or shorter
 * joined that way. Each note gets one beam per flag (quaver 1, semiquaver 2, demisemiquaver 3),
 * with hooks where a shorter note stands next to a longer one, as MusicXML 4.0 describes:
 * https://www.w3.org/2021/06/musicxml40/musicxml-reference/elements/beam/
 */
import type { BarItem, Note } from '../tune/tune.ts';

/** Beams a note value has: 8 → 1, 16 → 2, 32 → 3, 64 → 4. */
function flags(duration: number): number {
  return Math.max(0, Math.log2(duration) - 2);
}

function groupBeams(group: readonly Note[], into: Map<Note, string>): void {
  if (group.length < 2) return;
  group.forEach((note, i) => {
    const levels = flags(note.duration);
    let xml = '';
    for (let level = 1; level <= levels; level++) {
      const before = i > 0 && flags(group[i - 1]?.duration ?? 0) >= level;
      const after = i < group.length - 1 && flags(group[i + 1]?.duration ?? 0) >= level;
      let role: string;
      if (level === 1) role = i === 0 ? 'begin' : i === group.length - 1 ? 'end' : 'continue';
      else if (before && after) role = 'continue';
      else if (before) role = 'end';
      else if (after) role = 'begin';
      else role = i === 0 ? 'forward hook' : 'backward hook';
      xml += `<beam number="${level}">${role}</beam>`;
    }
    into.set(note, xml);
  });
}

/** The `<beam>` elements of every beamed melody note of a bar. */
export function beamXml(items: readonly BarItem[]): Map<Note, string> {
  const beams = new Map<Note, string>();
  let group: Note[] = [];
  const flush = (): void => {
    groupBeams(group, beams);
    group = [];
  };
  for (const item of items) {
    if (item.kind === 'rest') flush();
    if (item.kind !== 'note') continue;
    if (item.beam === null || item.duration < 8) {
      flush();
      continue;
    }
    const prev = group.at(-1);
    if (prev && !(prev.beam === 'right' || item.beam === 'left')) flush();
    group.push(item);
  }
  flush();
  return beams;
}

/** Beams of the i-th of `count` grace notes: demisemiquavers, three beams, all joined. */
export function graceBeamXml(i: number, count: number): string {
  if (count < 2) return '';
  const role = i === 0 ? 'begin' : i === count - 1 ? 'end' : 'continue';
  return [1, 2, 3].map((n) => `<beam number="${n}">${role}</beam>`).join('');
}
