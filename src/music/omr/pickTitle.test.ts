import { describe, expect, it } from 'vitest';
import { cleanTitle, ocrLinesOf, pickTitle, type OcrLine } from './pickTitle.ts';

const line = (text: string, height: number, confidence = 90, y = 0): OcrLine => ({
  text,
  confidence,
  box: { x: 100, y, width: 400, height },
});

describe('pickTitle (issue 20 item 1: the title above the music)', () => {
  it('issue 20.1: the line in the largest type is the title, not the type or composer line', () => {
    expect(
      pickTitle([
        line('2/4 March                     Trad.\n', 15, 94, 125),
        line('The Barren Rocks of Aden\n', 30, 96, 50),
        line('Arranged for the practice chanter\n', 14, 92, 150),
      ]),
    ).toBe('The Barren Rocks of Aden');
  });

  it('issue 20.1: lines the engine was unsure of, or that are not words, are no title', () => {
    expect(pickTitle([line('~ | _ -- ,', 40), line('ll1|', 35)])).toBeNull();
    expect(pickTitle([line('Scotland the Brave', 30, 41)])).toBeNull();
    expect(pickTitle([line('Scotland the Brave', 30, 41), line('March', 12, 90)])).toBe('March');
    expect(pickTitle([])).toBeNull();
    expect(pickTitle([line('x'.repeat(121), 30)])).toBeNull();
  });

  it('issue 20.1: spaces are collapsed and stray marks at the ends dropped', () => {
    expect(cleanTitle('  | The  Green\n Hills of Tyrol _ ')).toBe('The Green Hills of Tyrol');
    expect(cleanTitle('“Mrs MacPherson of Inveran”.')).toBe('“Mrs MacPherson of Inveran”.');
    expect(cleanTitle("'S e mo leannan (2nd setting) ~")).toBe("'S e mo leannan (2nd setting)");
  });
});

describe('ocrLinesOf (issue 20 item 1)', () => {
  const word = (text: string, x0: number, x1: number, y0: number, y1: number, confidence = 95) => ({
    text,
    confidence,
    bbox: { x0, y0, x1, y1 },
  });

  it("issue 20.1: type, title and composer on one baseline are three lines; the title's words stay one", () => {
    // As the app's renderer and many collections set it: 'March   Bonnie Dundee   Trad.'
    const lines = ocrLinesOf({
      blocks: [
        {
          paragraphs: [
            {
              lines: [
                {
                  words: [
                    word('March', 1, 100, 32, 58, 94),
                    word('Bonnie', 599, 780, 14, 51),
                    word('Dundee', 800, 992, 14, 50, 93),
                    word('Trad.', 1506, 1584, 32, 57),
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(lines).toEqual([
      { text: 'March', confidence: 94, box: { x: 1, y: 32, width: 99, height: 26 } },
      { text: 'Bonnie Dundee', confidence: 94, box: { x: 599, y: 14, width: 393, height: 37 } },
      { text: 'Trad.', confidence: 95, box: { x: 1506, y: 32, width: 78, height: 25 } },
    ]);
    expect(pickTitle(lines)).toBe('Bonnie Dundee');
    expect(ocrLinesOf({ blocks: null })).toEqual([]);
  });
});

describe('type size from characters (issue 20 item 1)', () => {
  it("issue 20.1: a word's box stretched by a stray mark does not make it the title; its characters' median height counts", () => {
    const chars = (heights: number[]) =>
      heights.map((h) => ({ bbox: { x0: 0, y0: 0, x1: 5, y1: h } }));
    // As read off a page: 'March' joined to a shaded panel's edge (its box 60 high, one
    // character 60), beside the title set larger.
    const page = {
      blocks: [
        {
          paragraphs: [
            {
              lines: [
                {
                  words: [
                    {
                      text: 'March',
                      confidence: 96,
                      bbox: { x0: 101, y0: 104, x1: 200, y1: 164 },
                      symbols: chars([24, 19, 60, 20, 25]),
                    },
                    {
                      text: 'Bundle',
                      confidence: 90,
                      bbox: { x0: 706, y0: 114, x1: 883, y1: 151 },
                      symbols: chars([34, 27, 26, 37, 35, 27]),
                    },
                    {
                      text: 'and',
                      confidence: 92,
                      bbox: { x0: 903, y0: 114, x1: 996, y1: 151 },
                      symbols: chars([27, 26, 37]),
                    },
                    {
                      text: 'Go',
                      confidence: 93,
                      bbox: { x0: 1018, y0: 115, x1: 1084, y1: 151 },
                      symbols: chars([36, 27]),
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const lines = ocrLinesOf(page);
    expect(lines.map((l) => [l.text, l.box.height])).toEqual([
      ['March', 24],
      ['Bundle and Go', 27],
    ]);
    expect(pickTitle(lines)).toBe('Bundle and Go');
  });
});

describe('titles set close to other text, or wrapped (issue 20 item 1)', () => {
  /** A word as the engine answers it, each character `heights[i]` tall. */
  const word = (
    text: string,
    x0: number,
    x1: number,
    y0: number,
    heights: number[],
    confidence = 95,
  ) => ({
    text,
    confidence,
    bbox: { x0, y0, x1, y1: y0 + Math.max(...heights) },
    symbols: [...text].map((c, i) => {
      const x = x0 + ((x1 - x0) * i) / text.length;
      return { text: c, bbox: { x0: x, y0, x1: x + 20, y1: y0 + heights[i]! } };
    }),
  });
  const page = (lines: ReturnType<typeof word>[][]) => ({
    blocks: [{ paragraphs: [{ lines: lines.map((words) => ({ words })) }] }],
  });

  it("issue 20.1: a composer's name set close after the title, in smaller type, is not part of it", () => {
    // As measured on a development page: the title's lowercase letters 26–27 px, the composer's
    // 19–20, 26 px apart (under the column gap); the engine misread 'Major' with no confidence.
    const lines = ocrLinesOf(
      page([
        [
          word('Canadian', 483, 722, 114, [36, 27, 26, 27, 37, 36, 27, 26]),
          word('Lament', 746, 938, 116, [34, 27, 26, 27, 35, 33]),
          word('for', 956, 1030, 114, [36, 27, 26]),
          word('the', 1047, 1131, 114, [33, 36, 27]),
          word('Fallen', 1154, 1304, 115, [34, 27, 35, 35, 27, 26]),
          word('ygjor', 1330, 1417, 132, [24, 20, 32, 20, 19], 0),
          word('john', 1431, 1495, 132, [31, 19, 25, 19], 80),
        ],
      ]),
    );
    expect(lines.map((l) => l.text)).toEqual(['Canadian Lament for the Fallen', 'ygjor john']);
    expect(pickTitle(lines)).toBe('Canadian Lament for the Fallen');
  });

  it('issue 20.1: a long title wrapped onto a second line is read whole; a smaller line under it is not added', () => {
    const lines = ocrLinesOf(
      page([
        [
          word('Highland', 659, 886, 114, [34, 36, 36, 36, 35, 27, 26, 37]),
          word('Light', 910, 1040, 114, [34, 36, 36, 36, 33]),
          word('Infantry', 1062, 1267, 114, [34, 26, 36, 27, 26, 33, 26, 36]),
          word('crossing', 1287, 1502, 114, [27, 26, 27, 27, 27, 36, 26, 36]),
          word('the', 1522, 1607, 114, [33, 36, 27]),
        ],
        [word('March', 101, 200, 203, [24, 19, 19, 20, 25])],
        [word('Rhine', 874, 1018, 183, [34, 36, 36, 26, 27])],
        [word('Traditional', 1300, 1560, 240, [24, 19, 19, 20, 25, 19, 19, 25, 19, 20, 25])],
      ]),
    );
    expect(pickTitle(lines)).toBe('Highland Light Infantry crossing the Rhine');
  });
});
