import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { fraction, tuneEvents } from './tuneEvents.ts';

// Written for this test.
const tunes = parseBww(
  [
    '"One",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
    "& sharpf sharpc 2_4 gg LAr_8 'la Bl_16 dbc C_4 ! I!'' ''!I",
    "& sharpf sharpc ^3s Dr_16 Cr_16 Bl_16 ^3e LA_8 ''la REST_32 !t",
    '"Two",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
    '& sharpf sharpc HA_1 !t',
  ].join('\n'),
).tunes;

describe('tuneEvents (issue 15.4 --events)', () => {
  it('issue 15.4: lists grace, melody and rest events with bar and whole-note fractions', () => {
    expect(tuneEvents(tunes[0]!, 1)).toEqual([
      { tune: 1, bar: 1, kind: 'grace', pitch: 'HG', duration: '0', embellishment: 'gg' },
      { tune: 1, bar: 1, kind: 'melody', pitch: 'LA', duration: '3/16', embellishment: null },
      { tune: 1, bar: 1, kind: 'melody', pitch: 'B', duration: '1/16', embellishment: null },
      { tune: 1, bar: 1, kind: 'grace', pitch: 'HG', duration: '0', embellishment: 'dbc' },
      { tune: 1, bar: 1, kind: 'grace', pitch: 'C', duration: '0', embellishment: 'dbc' },
      { tune: 1, bar: 1, kind: 'grace', pitch: 'D', duration: '0', embellishment: 'dbc' },
      { tune: 1, bar: 1, kind: 'melody', pitch: 'C', duration: '1/4', embellishment: null },
      // The empty repeat bar is not counted.
      { tune: 1, bar: 2, kind: 'melody', pitch: 'D', duration: '1/24', embellishment: null },
      { tune: 1, bar: 2, kind: 'melody', pitch: 'C', duration: '1/24', embellishment: null },
      { tune: 1, bar: 2, kind: 'melody', pitch: 'B', duration: '1/24', embellishment: null },
      { tune: 1, bar: 2, kind: 'melody', pitch: 'LA', duration: '7/32', embellishment: null },
      { tune: 1, bar: 2, kind: 'rest', pitch: null, duration: '1/32', embellishment: null },
    ]);
    expect(tuneEvents(tunes[1]!, 2)).toEqual([
      { tune: 2, bar: 1, kind: 'melody', pitch: 'HA', duration: '1/1', embellishment: null },
    ]);
  });

  it('issue 15.4: writes fractions in lowest terms', () => {
    expect(fraction(6, 16)).toBe('3/8');
    expect(fraction(2, 24)).toBe('1/12');
  });
});
