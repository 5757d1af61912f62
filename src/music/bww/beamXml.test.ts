import { describe, expect, it } from 'vitest';
import { barsOf } from '../tune/tune.ts';
import { beamXml, graceBeamXml } from './beamXml.ts';
import { parseBww } from './parseBww.ts';

function beamsOf(bww: string): string[] {
  const items = barsOf(parseBww(bww).tunes[0]!)[0]!.items;
  const beams = beamXml(items);
  return items.flatMap((i) => (i.kind === 'note' ? [beams.get(i) ?? ''] : []));
}

describe('MusicXML beams', () => {
  it('gives a dotted quaver and semiquaver a hook on the second beam', () => {
    expect(beamsOf("& LAr_8 'la Bl_16 !")).toEqual([
      '<beam number="1">begin</beam>',
      '<beam number="1">end</beam><beam number="2">backward hook</beam>',
    ]);
  });

  it('joins second beams between semiquavers only', () => {
    expect(beamsOf('& Er_16 Dr_16 Cl_8 !')).toEqual([
      '<beam number="1">begin</beam><beam number="2">begin</beam>',
      '<beam number="1">continue</beam><beam number="2">end</beam>',
      '<beam number="1">end</beam>',
    ]);
  });

  it('splits groups where neither note joins the other, and leaves crotchets alone', () => {
    const roles = beamsOf('& Er_8 Dl_8 Cr_8 Bl_8 LA_4 !').map((b) => /">(\w+)</.exec(b)?.[1]);
    expect(roles).toEqual(['begin', 'end', 'begin', 'end', undefined]);
  });

  it('beams several grace notes with three beams, a single one not at all', () => {
    expect(graceBeamXml(0, 1)).toBe('');
    expect(graceBeamXml(2, 3)).toBe(
      '<beam number="1">end</beam><beam number="2">end</beam><beam number="3">end</beam>',
    );
  });
});
