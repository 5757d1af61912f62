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
      { text: 'Bonnie Dundee', confidence: 93, box: { x: 599, y: 14, width: 393, height: 37 } },
      { text: 'Trad.', confidence: 95, box: { x: 1506, y: 32, width: 78, height: 25 } },
    ]);
    expect(pickTitle(lines)).toBe('Bonnie Dundee');
    expect(ocrLinesOf({ blocks: null })).toEqual([]);
  });
});
