import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { writeBww } from '../bww/writeBww.ts';
import type { Note } from '../tune/tune.ts';
import { binarise } from './binarise.ts';
import { estimateSkew } from './deskew.ts';
import { findStaves } from './findStaves.ts';
import { omrMessages, type GrayImage } from './omrTypes.ts';
import { recognisePage } from './recognisePage.ts';
import {
  addNoise,
  blankPage,
  blurPage,
  drawStaff,
  fillRect,
  rotatePage,
  shadePage,
} from './testing/drawPage.ts';
import { tunePage } from './testing/tunePage.ts';

const pitchOf = (n: Note): string =>
  `${n.embellishments.map((e) => e.code).join('+')}${n.embellishments.length ? ' ' : ''}${n.pitch}_${n.duration}`;

function readBars(image: GrayImage): string[][] {
  const result = recognisePage(image);
  if (!result.ok) throw new Error(result.error);
  return result.tune.parts.flatMap((p) =>
    p.lines.flatMap((l) =>
      l.bars.map((b) => b.items.filter((i): i is Note => i.kind === 'note').map(pitchOf)),
    ),
  );
}

const expected = [
  ['gg LA_4', 'C_8', 'E_8'],
  ['dbc C_4', 'D_4'],
  ['gg E_4', 'grp LA_4'],
  ['F_16', 'E_16', 'D_16', 'C_16', 'HA_4'],
  ['B_2'],
];

describe('recognisePage on constructed pages (issue 20.1)', () => {
  it('issue 20.1 staff finding: two staves of five lines, staff space and line thickness from run lengths', () => {
    for (const s of [10, 16, 24]) {
      const staves = findStaves(binarise(tunePage(s)));
      expect(staves).toHaveLength(2);
      for (const st of staves) {
        expect(st.space).toBeGreaterThan(s * 0.95);
        expect(st.space).toBeLessThan(s * 1.05);
      }
    }
  });

  it('issue 20.1 staff finding: a page with no staves is an honest error, not an empty tune', () => {
    const blank = blankPage(400, 300);
    expect(recognisePage(blank)).toEqual({ ok: false, error: omrMessages.noStaves });
    const text = blankPage(400, 300);
    for (let i = 0; i < 12; i++) fillRect(text, 20 + i * 30, 40, 40 + i * 30, 60);
    expect(recognisePage(text)).toEqual({ ok: false, error: 'No pipe staves found on this page' });
  });

  it('issue 20.1 note heads and stems, grace-note groups, beams and durations: a clean page reads exactly', () => {
    expect(readBars(tunePage())).toEqual(expected);
  });

  it('issue 20.1 resolution: the same page at staff spaces of 11 and 24 px reads the same', () => {
    expect(readBars(tunePage(11))).toEqual(expected);
    expect(readBars(tunePage(24))).toEqual(expected);
  });

  it('issue 20.1 bar lines: part and repeat starts and ends, plain bars, line ends', () => {
    const result = recognisePage(tunePage());
    if (!result.ok) throw new Error(result.error);
    const [first, second] = result.tune.parts;
    expect(first?.lines[0]?.bars.map((b) => [b.open, b.close])).toEqual([
      ['repeat', 'bar'],
      [null, 'repeat'],
    ]);
    expect(second?.lines[0]?.bars.map((b) => [b.open, b.close])).toEqual([
      [null, 'bar'],
      [null, 'bar'],
      [null, 'part'],
    ]);
    expect(first?.lines[0]?.time).toMatchObject({ beats: 2, beatType: 4 });
  });

  it('issue 20.1 degraded: noise, a 1° skew, blur and uneven light still read the same notes', () => {
    const page = tunePage(16);
    expect(readBars(blurPage(rotatePage(addNoise(page, 0.004, 7), 1)))).toEqual(expected);
    expect(readBars(shadePage(blurPage(page), 0.45))).toEqual(expected);
  });

  it('issue 20.1 deskew: the skew estimate finds a 1° rotation', () => {
    const slope = estimateSkew(binarise(rotatePage(tunePage(), 1)));
    expect(Math.abs((Math.atan(slope) * 180) / Math.PI - 1)).toBeLessThan(0.15);
  });

  it('issue 20.1 tune model: writeBww writes the recognised tune and parseBww reads it back with no warnings', () => {
    const result = recognisePage(tunePage());
    if (!result.ok) throw new Error(result.error);
    const text = writeBww([result.tune]);
    const back = parseBww(text);
    expect(back.warnings).toEqual([]);
    expect(back.tunes[0]?.parts).toEqual(result.tune.parts);
    expect(back.tunes[0]?.texts[0]?.text).toBe('Recognised tune');
  });

  it('issue 20.1 regions and confidence: each bar has a page region holding its notes; a clean page is sure', () => {
    const result = recognisePage(tunePage());
    if (!result.ok) throw new Error(result.error);
    expect(result.bars).toHaveLength(5);
    for (const bar of result.bars) {
      expect(bar.confidence).toBeGreaterThanOrEqual(0.8);
      for (const n of bar.notes) {
        expect(n.x).toBeGreaterThanOrEqual(bar.region.x - 1);
        expect(n.x + n.width).toBeLessThanOrEqual(bar.region.x + bar.region.width + 1);
        expect(n.y).toBeGreaterThanOrEqual(bar.region.y);
        expect(n.y + n.height).toBeLessThanOrEqual(bar.region.y + bar.region.height);
      }
    }
    expect(result.bars.map((b) => [b.part, b.line, b.bar])).toEqual([
      [0, 0, 0],
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
      [1, 0, 2],
    ]);
  });

  it('issue 20.1 confidence: a bar whose notes do not add up is marked unsure with a warning', () => {
    const s = 16;
    const page = tunePage(s);
    const before = recognisePage(page);
    if (!before.ok) throw new Error(before.error);
    expect(before.bars[3]?.confidence).toBe(1);
    // Scrape the High A crotchet off the second line's middle bar, then mend the staff lines.
    const highA = before.bars[3]?.notes[4];
    if (!highA) throw new Error('no High A');
    fillRect(page, highA.x - 3, highA.y - s, highA.x + highA.width + 3, highA.y + s * 4.5, 255);
    drawStaff(page, {
      top: Math.round(s * 19),
      left: 10,
      right: page.width - 10,
      space: s,
      thickness: 2,
    });
    const after = recognisePage(page);
    if (!after.ok) throw new Error(after.error);
    expect(after.bars[3]?.notes).toHaveLength(4);
    expect(after.bars[3]?.confidence).toBeLessThan(0.8);
    expect(after.warnings).toContain('line 2, bar 2: the notes add up to 1 crotchets, not 2');
  });
});
