import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { barsOf, notesOf, tuneText } from './tune.ts';

const tune = parseBww(
  [
    '"Wee Tune",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
    '"Jig",(Y,C,0,0,Times New Roman,14,400,0,0,18,0,0,0)',
    "& sharpf sharpc 6_8 gg LAr_8 'la Bl_16 Cl_8 ! dbe E_4 'e !t",
  ].join('\n'),
).tunes[0]!;

describe('tune model', () => {
  it('survives JSON unchanged (it crosses workers and the network)', () => {
    expect(JSON.parse(JSON.stringify(tune))).toEqual(tune);
  });

  it('gives texts by role, trimmed, and empty when absent', () => {
    expect(tuneText(tune, 'title')).toBe('Wee Tune');
    expect(tuneText(tune, 'type')).toBe('Jig');
    expect(tuneText(tune, 'composer')).toBe('');
  });

  it('lists bars and notes in page order', () => {
    expect(barsOf(tune)).toHaveLength(2);
    expect(notesOf(tune).map((n) => `${n.pitch}/${n.duration}${'.'.repeat(n.dots)}`)).toEqual([
      'LA/8.',
      'B/16',
      'C/8',
      'E/4.',
    ]);
  });
});
