import { describe, expect, it } from 'vitest';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { notesOf } from '../../../music/tune/tune.ts';
import { editRecognisedNote, locateNote, noteIndexOf } from './editRecognisedNote.ts';
import { tunePage } from '../../../music/omr/testing/tunePage.ts';
import { isWorkerReply, type WorkerReply } from './omrWorkerProtocol.ts';
import { recogniseWithProgress } from './recogniseWithProgress.ts';
import { PAGE_LIMITS, fitScale } from './pageLimits.ts';
import { rgbaToGray } from './rgbaToGray.ts';
import { zoomBox } from './BarZoom.tsx';

// Written for these tests (not from any collection): two lines, bars of 2, 2 and 3 notes.
const TUNE = parseBww(
  `"T",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n& sharpf sharpc 2_4 LAr_8 Bl_8 ! C_4 dbe E_4 !t\n& sharpf sharpc D_4 E_8 F_8 ''!I\n`,
).tunes[0]!;

describe('OMR screen parts (issue 20 item 2)', () => {
  it("issue 20.2: the score's note numbers and the bars' places agree both ways", () => {
    expect(noteIndexOf(TUNE, { part: 0, line: 1, bar: 0 }, 2)).toBe(6);
    expect(noteIndexOf(TUNE, { part: 0, line: 0, bar: 1 }, 2)).toBeNull();
    expect(locateNote(TUNE, 3)).toEqual({ ref: { part: 0, line: 0, bar: 1 }, noteInBar: 1 });
    expect(locateNote(TUNE, 7)).toBeNull();
  });

  it('issue 20.2: a correction changes one note and leaves the old tune intact (undo keeps it)', () => {
    const before = JSON.stringify(TUNE);
    const edited = editRecognisedNote(TUNE, { part: 0, line: 0, bar: 0 }, 0, {
      pitch: 'HG',
      duration: 4,
      embellishment: 'strhg',
    });
    expect(JSON.stringify(TUNE)).toBe(before);
    const note = notesOf(edited)[0]!;
    expect(note).toMatchObject({ pitch: 'HG', duration: 4, beam: null });
    expect(note.embellishments).toEqual([{ family: 'strike', code: 'strhg' }]);
    expect(
      notesOf(
        editRecognisedNote(edited, { part: 0, line: 0, bar: 0 }, 0, { embellishment: null }),
      )[0]!.embellishments,
    ).toEqual([]);
    expect(editRecognisedNote(TUNE, { part: 0, line: 0, bar: 9 }, 0, { pitch: 'D' })).toBe(TUNE);
  });

  it('issue 20.2: worker replies are checked; a malformed one is refused', () => {
    const result = { ok: true, tune: TUNE, bars: [], warnings: [] };
    expect(isWorkerReply({ type: 'done', id: 1, page: { width: 9, height: 9 }, result })).toBe(
      true,
    );
    expect(isWorkerReply({ type: 'done', id: 1, page: { width: 9 }, result })).toBe(false);
    expect(
      isWorkerReply({ type: 'done', id: 1, page: { width: 9, height: 9 }, result: { ok: true } }),
    ).toBe(false);
    expect(isWorkerReply({ type: 'progress', id: 2, stage: 'staves' })).toBe(true);
    expect(isWorkerReply({ type: 'progress', id: 2, stage: 'notes', fraction: 0.5 })).toBe(true);
    expect(isWorkerReply({ type: 'progress', id: 2, stage: 'notes', fraction: 2 })).toBe(false);
    expect(isWorkerReply({ type: 'progress', id: 2, stage: 'dreaming' })).toBe(false);
    expect(isWorkerReply({ type: 'failed', id: 3, message: 'x' })).toBe(true);
    expect(isWorkerReply('done')).toBe(false);
  });

  it("issue 20.2 (omr-ux): the reader reports 'staves' then 'notes' per staff, rising to the last staff, as checked progress messages", () => {
    const replies: WorkerReply[] = [];
    const result = recogniseWithProgress(tunePage(12), 7, (m) => replies.push(m));
    expect(result.ok).toBe(true);
    expect(replies.every((m) => isWorkerReply(m) && m.id === 7)).toBe(true);
    const stages = replies.map((m) => (m.type === 'progress' ? `${m.stage} ${m.fraction}` : ''));
    // tunePage draws two staves: one 'notes' step for each.
    expect(stages).toEqual(['staves 0', 'notes 0', 'notes 0.5']);
  });

  it('issue 20.2: pixels become grey paper and ink; transparent counts as paper', () => {
    const rgba = new Uint8ClampedArray([
      0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 0, 255, 0, 0, 255,
    ]);
    expect([...rgbaToGray(rgba, 2, 2).data]).toEqual([0, 255, 255, 76]);
  });

  it('issue 20.2: a large photo is scaled to the reader’s limit; a page within it is not', () => {
    expect(fitScale(1654, 2339)).toBe(1);
    expect(Math.round(4000 * fitScale(3000, 4000))).toBe(PAGE_LIMITS.maxSide);
  });

  it('issue 20.2: the zoom shows the bar with a margin, inside the page', () => {
    expect(zoomBox({ x: 0, y: 10, width: 100, height: 40 }, { width: 200, height: 55 })).toEqual({
      x: 0,
      y: 0,
      width: 106,
      height: 55,
    });
  });
});
