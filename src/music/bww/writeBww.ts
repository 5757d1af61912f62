/**
 * The BWW writer: tunes → Bagpipe Music Writer text that `parseBww` reads back to the same
 * tunes (the round trip the corpus test checks). Ties and tuplets are written in the new style
 * (`^ts … ^te`, `^3s … ^3e`) whatever style the source used; everything else as it was read.
 */
import type { BarItem, Line, Note, Rest, Text, TimeSignature, Tune } from '../tune/tune.ts';
import { suffixOfPitch, tupletDigits } from './classifyToken.ts';

const openToken = { part: 'I!', repeat: "I!''" } as const;
const closeToken = { bar: '!', double: '!!', line: '!t', part: '!I', repeat: "''!I" } as const;

function timeToken(t: TimeSignature): string {
  if (t.symbol === 'common') return 'C';
  if (t.symbol === 'cut') return 'C_';
  return `${t.beats}_${t.beatType}`;
}

function textToken(t: Text): string {
  return t.format === null ? `"${t.text}"` : `"${t.text}",(${t.format})`;
}

/**
 * Writer state that spans bars and lines: ties whose destination note is still to come, ties
 * whose `^te` is due, the open tuplet.
 */
interface Flow {
  awaitingTieEnds: number;
  dueTieEnds: number;
  openTuplet: string | null;
  /** Notes followed by a tuplet start: a tie ending on them has its `^te` written later. */
  beforeTuplet: ReadonlySet<Note | Rest>;
}

function noteTokens(note: Note | Rest, flow: Flow): string[] {
  const out: string[] = [];
  if (note.tupletStart) {
    flow.openTuplet = tupletDigits(note.tupletStart);
    out.push(`^${flow.openTuplet}s`);
  }
  // A `^te` held back from the previous note comes after this note's tuplet start: the reader
  // takes '^te ^3s' as a group starting on the tied-to note (see applyToken's tupletStart).
  for (; flow.dueTieEnds > 0; flow.dueTieEnds--) out.push('^te');
  if (note.kind === 'note' && note.tie) out.push('^ts');
  if (note.kind === 'note') {
    const suffix = suffixOfPitch(note.pitch);
    for (const e of note.embellishments) out.push(e.code);
    if (note.accidental) out.push(`${note.accidental}${suffix}`);
    const beam = note.beam === 'left' ? 'l' : note.beam === 'right' ? 'r' : '';
    out.push(`${note.pitch}${beam}_${note.duration}`);
    if (note.dots > 0) out.push(`${"'".repeat(note.dots)}${suffix}`);
    if (note.fermata) out.push(`fermat${suffix}`);
  } else {
    out.push(`REST_${note.duration}`);
    // BWW dots name a pitch; on a rest any pitch reads back the same.
    if (note.dots > 0) out.push(`${"'".repeat(note.dots)}b`);
  }
  if (note.tupletEnd) {
    out.push(`^${flow.openTuplet ?? '3'}e`);
    flow.openTuplet = null;
  }
  if (note.kind === 'note') {
    // Ties waiting for a destination end on this note; its own tie waits for the next one.
    flow.dueTieEnds += flow.awaitingTieEnds;
    flow.awaitingTieEnds = note.tie ? 1 : 0;
    if (!flow.beforeTuplet.has(note)) {
      for (; flow.dueTieEnds > 0; flow.dueTieEnds--) out.push('^te');
    }
  }
  return out;
}

function itemTokens(item: BarItem, flow: Flow): string[] {
  switch (item.kind) {
    case 'note':
    case 'rest':
      return noteTokens(item, flow);
    case 'time':
      return [timeToken(item)];
    case 'timeline':
      return [`'${item.label}`];
    case 'timeline-end':
      return ["_'"];
    case 'space':
      return ['space'];
    case 'mark':
      return [item.code];
    case 'text':
      return [textToken(item)];
    case 'tempo':
      // A header line of its own, the only way BWW can say it (issue 15 item 9); the reader
      // takes a tempo line with music after it as a change from that bar on.
      return [`\r\nTuneTempo,${item.bpm}\r\n`];
  }
}

function lineText(line: Line, flow: Flow): string {
  const out: string[] = ['&', ...line.key];
  if (line.time) out.push(timeToken(line.time));
  for (const bar of line.bars) {
    if (bar.open) out.push(openToken[bar.open]);
    for (const item of bar.items) out.push(...itemTokens(item, flow));
    if (bar.close) out.push(closeToken[bar.close]);
  }
  return out.join(' ');
}

function notesBeforeTuplets(tune: Tune): Set<Note | Rest> {
  const timed = tune.parts
    .flatMap((p) => p.lines.flatMap((l) => l.bars.flatMap((b) => b.items)))
    .filter((i): i is Note | Rest => i.kind === 'note' || i.kind === 'rest');
  return new Set(timed.filter((_, i) => timed[i + 1]?.tupletStart));
}

export function writeBww(tunes: readonly Tune[]): string {
  const out: string[] = [];
  for (const tune of tunes) {
    out.push(...tune.header);
    out.push(...tune.texts.map(textToken));
    out.push('');
    const flow: Flow = {
      awaitingTieEnds: 0,
      dueTieEnds: 0,
      openTuplet: null,
      beforeTuplet: notesBeforeTuplets(tune),
    };
    for (const part of tune.parts) {
      for (const line of part.lines) out.push(lineText(line, flow));
      out.push('');
    }
    // A tie into the tune's last note still gets its end.
    if (flow.dueTieEnds > 0) out.push(Array<string>(flow.dueTieEnds).fill('^te').join(' '));
  }
  return out.join('\r\n');
}
