import { describe, expect, it } from 'vitest';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { notesOf } from '../../../music/tune/tune.ts';
import { layoutTune } from './scoreLayout.ts';

const tune = (music: string) => {
  const { tunes } = parseBww(`"Test",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n${music}`);
  return tunes[0]!;
};

describe('layoutTune', () => {
  const march = tune(
    [
      "& sharpf sharpc 6_8 I!'' gg LA_4 'la",
      '! dbe Er_8 Fl_16 Er_8 strla LAl_8',
      "! grp C_4 'c ^tc C_4 'c",
      "! LA_4 ''!I",
    ].join('\n'),
  );
  const lines = layoutTune(march);
  const bars = lines[0]!.bars;

  it('keeps the tune’s lines and bars, numbering notes as notesOf does', () => {
    expect(lines).toHaveLength(1);
    expect(bars).toHaveLength(4);
    const indices = bars.flatMap((b) => b.notes.map((n) => n.noteIndex));
    expect(indices).toEqual(notesOf(march).map((_, i) => i));
  });

  it('writes melody notes at their staff keys with dots and durations', () => {
    expect(bars[0]!.notes[0]).toMatchObject({ key: 'a/4', duration: 'q', dots: 1, rest: false });
  });

  it('expands embellishments into grace-note keys', () => {
    expect(bars[0]!.notes[0]!.graces).toEqual(['g/5']);
    // A doubling on E: High G, E, F.
    expect(bars[1]!.notes[0]!.graces).toEqual(['g/5', 'e/5', 'f/5']);
  });

  it('beams as written', () => {
    expect(bars[1]!.beams).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('ties and repeats are kept; the time signature shows at the start', () => {
    expect(bars[2]!.notes[0]!.tie).toBe(true);
    expect(bars[0]!.open).toBe('repeat');
    expect(bars[3]!.close).toBe('repeat');
    expect(bars[0]!.time).toMatchObject({ beats: 6, beatType: 8 });
    expect(bars[1]!.time).toBeNull();
  });

  it('brackets time lines (1st and 2nd endings) over their bars', () => {
    const ended = layoutTune(
      tune(
        [
          '& sharpf sharpc 2_4 I! LA_4 LA_4',
          "! '1 B_4 B_4",
          "! C_4 C_4 _'",
          "''!I '2 D_2 _' !I",
        ].join('\n'),
      ),
    )[0]!.bars;
    expect(ended.map((b) => b.endings)).toEqual([
      [],
      [{ label: '1', from: 0, to: 2, starts: true, ends: false }],
      [{ label: '1', from: 0, to: 2, starts: false, ends: true }],
      [{ label: '2', from: 0, to: 1, starts: true, ends: true }],
    ]);
  });

  it('issue 22.6: a first and a second ending in one bar are two brackets, each over its own notes', () => {
    // As several bands end a part: '1 for the repeat, '2 to go on, both inside the last bar.
    const bars = layoutTune(
      tune(
        ["& sharpf sharpc 2_4 I!'' LA_4 B_4", "! C_8 D_8 '1 E_4 _' '2 gbr LA_8 B_8 _' ''!I"].join(
          '\n',
        ),
      ),
    )[0]!.bars;
    expect(bars.map((b) => b.endings)).toEqual([
      [],
      [
        { label: '1', from: 2, to: 3, starts: true, ends: true },
        { label: '2', from: 3, to: 5, starts: true, ends: true },
      ],
    ]);
  });

  it('folds bars without notes into their neighbours', () => {
    // The line opens with a bar line before any note, and a repeat end stands alone.
    const folded = layoutTune(tune("& sharpf sharpc 2_4 ! I!'' LA_4 B_4 ! C_4 D_4 ! ''!I"))[0]!
      .bars;
    expect(folded).toHaveLength(2);
    expect(folded[0]).toMatchObject({ open: 'repeat', time: { beats: 2, beatType: 4 } });
    expect(folded[1]!.close).toBe('repeat');
  });

  it('keeps part starts, so they can be drawn heavy-thin, and part ends', () => {
    const part = layoutTune(
      tune(
        ['& sharpf sharpc 2_4 I! LA_4 B_4 ! C_4 D_4 !t', '& sharpf sharpc I! E_4 F_4 !I'].join(
          '\n',
        ),
      ),
    );
    expect(part.map((l) => l.bars.map((b) => b.open))).toEqual([['part', null], ['part']]);
    expect(part[1]!.bars[0]!.close).toBe('part');
    expect(bars[0]!.marks).toEqual([]);
    expect(bars[0]!.texts).toEqual([]);
  });

  it('places navigation marks where they are written in the bar', () => {
    const marked = layoutTune(
      tune('& sharpf sharpc 2_4 I! segno LA_4 B_4 ! C_4 coda D_4 ! E_4 F_4 fine !I'),
    )[0]!.bars;
    expect(marked.map((b) => b.marks)).toEqual([
      [{ code: 'segno', at: 0 }],
      [{ code: 'coda', at: 1 }],
      [{ code: 'fine', at: 2 }],
    ]);
  });

  it('moves marks out of bars without notes: closing ones back, opening ones on', () => {
    const moved = layoutTune(
      tune(
        [
          '& sharpf sharpc 2_4 I! LA_4 B_4 ! C_4 D_4 !I dalsegno',
          '& sharpf sharpc codasection I! E_4 F_4 ! dacapoalfine !I',
        ].join('\n'),
      ),
    );
    expect(moved.map((l) => l.bars.map((b) => b.marks))).toEqual([
      [[], [{ code: 'dalsegno', at: 2 }]],
      [
        [
          { code: 'codasection', at: 0 },
          { code: 'dacapoalfine', at: 2 },
        ],
      ],
    ]);
  });

  it('carries free text in the music to the bar after it, even on the next line', () => {
    const texted = layoutTune(
      tune(
        [
          '& sharpf sharpc 2_4 I! LA_4 B_4 !I',
          '"part   2",(I,L,0,0,Times New Roman,11,700,0,0,18,0,0,0)',
          '& sharpf sharpc I! "Seconds" C_4 D_4 ! E_4 F_4 !I',
        ].join('\n'),
      ),
    );
    expect(texted.map((l) => l.bars.map((b) => b.texts))).toEqual([
      [[]],
      [['part 2', 'Seconds'], []],
    ]);
  });

  it('issue 15.9: shows a tempo change in the music over its bar', () => {
    const changed = layoutTune(tune('& sharpf sharpc 2_4 LA_4 B_4 !\nTuneTempo,100\nC_4 D_4 !t'));
    expect(changed[0]!.bars.map((b) => b.texts)).toEqual([[], ['\u2669 = 100']]);
  });

  it('groups triplets', () => {
    const bars3 = layoutTune(tune('& sharpf sharpc 2_4 I! ^3s Er_8 D_8 Cl_8 ^3e LA_4 !I'))[0]!.bars;
    expect(bars3[0]!.tuplets).toEqual([{ first: 0, last: 2, actual: 3, normal: 2 }]);
  });
});
