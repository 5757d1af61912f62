import { describe, expect, it } from 'vitest';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { graceStaffLabel } from './GraceStaff.tsx';
import { scoreLabel } from './scoreLabel.ts';

describe('notation descriptions for screen readers', () => {
  it('names the grace staff’s notes', () => {
    expect(graceStaffLabel('D', ['LG'])).toBe(
      'Treble staff: D half note, then grace note Low G before D',
    );
    expect(graceStaffLabel('D', ['HG', 'D', 'E'])).toBe(
      'Treble staff: D half note, then grace notes High G, D, E before D',
    );
    expect(graceStaffLabel('HA', [])).toBe('Treble staff: High A half note, twice');
    expect(graceStaffLabel(null, ['LG'])).toBe('Empty treble staff');
  });

  it('sums a score up by title, type, bars and notes', () => {
    const { tunes } = parseBww(
      [
        '"Brown Haired Maiden",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
        '"March",(Y,C,0,0,Times New Roman,14,400,0,0,18,0,0,0)',
        '& sharpf sharpc 2_4 I! LA_4 B_4 ! C_4 D_4 !I',
      ].join('\n'),
    );
    expect(scoreLabel(tunes[0]!)).toBe('Pipe music: Brown Haired Maiden, March, 2 bars, 4 notes');
  });

  it('counts the parts and names the navigation marks in the order they come', () => {
    const { tunes } = parseBww(
      [
        '"Test March",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
        "& sharpf sharpc 2_4 I!'' segno LA_4 B_4 ! C_4 D_4 fine ''!I",
        '& sharpf sharpc I! E_4 F_4 ! coda HG_4 HA_4 dalsegno !I',
      ].join('\n'),
    );
    expect(scoreLabel(tunes[0]!)).toBe(
      'Pipe music: Test March, 2 parts, 4 bars, 8 notes; marks: segno, Fine, coda, D.S.',
    );
  });
});
