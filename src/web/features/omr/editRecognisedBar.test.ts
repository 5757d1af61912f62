import { describe, expect, it } from 'vitest';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { writeBww } from '../../../music/bww/writeBww.ts';
import { performTune } from '../../../music/tune/performance.ts';
import { notesOf, type Tune } from '../../../music/tune/tune.ts';
import { balanceWords, barBalance, crotchetWords } from './barBalance.ts';
import { deleteNote, insertNote, setBarLines, setBarTime, timeAt } from './editRecognisedBar.ts';

// Written for these tests (not from any collection): a 2/4 line whose second bar lost a quaver,
// and a second line.
const TUNE = parseBww(
  `"T",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n& sharpf sharpc 2_4 LA_4 B_4 ! Cr_8 El_8 D_8 !t\n& sharpf sharpc E_4 F_4 ! HA_2 !I\n`,
).tunes[0]!;
const bar = (line: number, b: number) => ({ part: 0, line, bar: b });
const pitches = (tune: Tune) => notesOf(tune).map((n) => `${n.pitch}${n.duration}`);
const roundTrip = (tune: Tune) => {
  const read = parseBww(writeBww([tune]));
  expect(read.warnings).toEqual([]);
  return read.tunes[0]!;
};

describe('correcting what the reader missed (issue 20 item 2, omr-ux)', () => {
  it('issue 20.2: a missed note is added at the chosen place with its pitch and length; the bar then adds up', () => {
    expect(barBalance(TUNE, bar(0, 1))!.status).toBe('under');
    const before = JSON.stringify(TUNE);
    const added = insertNote(TUNE, bar(0, 1), 2, { pitch: 'F', duration: 8, dots: 0 });
    expect(JSON.stringify(TUNE)).toBe(before);
    expect(pitches(added).slice(2, 6)).toEqual(['C8', 'E8', 'F8', 'D8']);
    expect(barBalance(added, bar(0, 1))).toMatchObject({ status: 'full', length: 2 });
    expect(pitches(roundTrip(added))).toEqual(pitches(added));
    // At the start and at the end; a place past the end changes nothing.
    expect(pitches(insertNote(TUNE, bar(0, 0), 0, { pitch: 'HG', duration: 16, dots: 0 }))[0]).toBe(
      'HG16',
    );
    expect(
      pitches(insertNote(TUNE, bar(1, 0), 2, { pitch: 'D', duration: 4, dots: 1 })).slice(5, 8),
    ).toEqual(['E4', 'F4', 'D4']);
    expect(insertNote(TUNE, bar(0, 0), 3, { pitch: 'D', duration: 4, dots: 0 })).toBe(TUNE);
  });

  it('issue 20.2: a quaver added inside a beamed pair joins the beam', () => {
    const added = insertNote(TUNE, bar(0, 1), 1, { pitch: 'D', duration: 8, dots: 0 });
    const notes = notesOf(added).slice(2, 5);
    expect(notes.map((n) => n.beam)).toEqual(['right', 'right', 'left']);
  });

  it('issue 20.2: an extra note is deleted with its embellishment; the bar says it is short', () => {
    const deleted = deleteNote(TUNE, bar(0, 0), 1);
    expect(pitches(deleted).slice(0, 2)).toEqual(['LA4', 'C8']);
    const balance = barBalance(deleted, bar(0, 0))!;
    // The tune's first bar may be a pickup.
    expect(balance.status).toBe('short');
    const inner = barBalance(deleteNote(TUNE, bar(1, 0), 0), bar(1, 0))!;
    expect(inner.status).toBe('under');
    expect(balanceWords(inner)).toBe(
      'The bar is short: 1 crotchet, but 2/4 needs 2 crotchets. Add a note or lengthen one.',
    );
    expect(deleteNote(TUNE, bar(0, 0), 5)).toBe(TUNE);
  });

  it('issue 20.2: a too-long bar says so', () => {
    const long = insertNote(TUNE, bar(1, 0), 2, { pitch: 'HG', duration: 8, dots: 1 });
    expect(balanceWords(barBalance(long, bar(1, 0))!)).toBe(
      'The bar is too long: 2¾ crotchets, but 2/4 needs 2 crotchets. Delete a note or shorten one.',
    );
    expect(crotchetWords(0.5)).toBe('½ crotchets');
    expect(crotchetWords(1.5)).toBe('1½ crotchets');
  });

  it("issue 20.2: a bar's time signature holds from that bar on; at a line's start it is the line's own", () => {
    const compound = setBarTime(TUNE, bar(0, 0), 6, 8);
    expect(compound.parts[0]!.lines[0]!.time).toMatchObject({ beats: 6, beatType: 8 });
    expect(timeAt(compound, bar(1, 1))).toMatchObject({ beats: 6, beatType: 8 });
    expect(barBalance(compound, bar(0, 0))!.status).toBe('short');
    expect(barBalance(compound, bar(0, 1))!.status).toBe('under');

    const changed = setBarTime(TUNE, bar(1, 1), 4, 4);
    expect(changed.parts[0]!.lines[1]!.bars[1]!.items[0]).toMatchObject({ kind: 'time', beats: 4 });
    expect(timeAt(changed, bar(1, 0))).toMatchObject({ beats: 2, beatType: 4 });
    expect(barBalance(changed, bar(1, 1))!.status).toBe('short');
    expect(roundTrip(changed).parts[0]!.lines[1]!.bars[1]!.items[0]).toMatchObject({
      kind: 'time',
      beats: 4,
      beatType: 4,
    });
    // Back to the time before it: the bar's own sign goes.
    const back = setBarTime(changed, bar(1, 1), 2, 4);
    expect(back.parts[0]!.lines[1]!.bars[1]!.items.some((i) => i.kind === 'time')).toBe(false);
    expect(setBarTime(TUNE, bar(0, 1), 2, 4)).toBe(TUNE);
  });

  it('issue 20.2: a bar line marked as a repeat is played as one and written as one', () => {
    const marked = setBarLines(TUNE, bar(0, 1), { end: 'repeat' });
    const withStart = setBarLines(marked, bar(0, 0), { start: 'repeat' });
    expect(withStart.parts[0]!.lines[0]!.bars[0]!.open).toBe('repeat');
    expect(withStart.parts[0]!.lines[0]!.bars[1]!.close).toBe('repeat');
    expect(writeBww([withStart])).toMatch(/I!'' LA_4 .* ''!I/);
    const notesPlayed = (t: Tune) => performTune(t).events.filter((e) => !e.grace).length;
    // Bars 1–2 (5 notes) twice, then the second line (3 notes).
    expect(notesPlayed(TUNE)).toBe(8);
    expect(notesPlayed(withStart)).toBe(13);
    // Plain again: a bar line mid-line, the line's end at its last bar.
    const plain = setBarLines(withStart, bar(0, 1), { end: 'plain' });
    expect(plain.parts[0]!.lines[0]!.bars[1]!.close).toBe('line');
    expect(setBarLines(plain, bar(0, 0), { end: 'plain' })).toBe(plain);
  });
});
