import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { isTuneType, tuneName } from './tuneNames.ts';

/** Header lines as Bagpipe Music Writer writes them: text, then (role, alignment, font …). */
const header = (title: string, type: string, composer: string) =>
  [
    `"${title}",(T,C,0,0,Times New Roman,14,400,0,0,18,0,0,0)`,
    `"${type}",(Y,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)`,
    `"${composer}",(M,R,0,0,Times New Roman,10,400,0,0,18,0,0,0)`,
  ].join('\r\n');
const music = '& sharpf sharpc 3_4 LA_4 B_4 C_4 !\r\n E_2 LA_4 !t\r\n';

/**
 * A band's retreat medley as such files come (cf. the Seaforth sets in the shared corpus): the
 * kind of tune in the title field for every tune, the names in the type field, one tune with
 * no name at all and one header left as the template wrote it.
 */
const medley = [
  'Bagpipe Reader:1.0',
  'MIDINoteMappings,(54,56,58,59,61,63,64,66,68,56,58,60,61,63,65,66,68,70,55,57,59,60,62,64,65,67,69)',
  header('Retreat', 'Castle Dangerous', 'J. Haugh'),
  music,
  header('Retreat', '', ''),
  music,
  header('Retreat', 'The Heroes of Vittoria', 'Trad.'),
  music,
  header('Title', 'Type', 'Composer/Arranger'),
  music,
].join('\r\n');

describe('tuneName (issue 22 item 9)', () => {
  it('issue 22.9: names each tune of a medley by its title, not the type the band wrote there', () => {
    const { tunes } = parseBww(medley);
    expect(tunes).toHaveLength(4);
    expect(tunes.map((t, i) => tuneName(t, i))).toEqual([
      { title: 'Castle Dangerous', type: 'Retreat', composer: 'J. Haugh' },
      { title: 'Retreat 2', type: 'Retreat', composer: '' },
      { title: 'The Heroes of Vittoria', type: 'Retreat', composer: 'Trad.' },
      { title: 'Tune 4', type: '', composer: '' },
    ]);
  });

  it('issue 22.9: keeps titles and types written in their own fields', () => {
    const [tune] = parseBww(
      [
        'Bagpipe Reader:1.0',
        header('Mallorca', 'Vice Regal Salute', 'P/M A.M. Cairns'),
        music,
      ].join('\r\n'),
    ).tunes;
    expect(tuneName(tune!, 0)).toEqual({
      title: 'Mallorca',
      type: 'Vice Regal Salute',
      composer: 'P/M A.M. Cairns',
    });
  });

  it('issue 22.9: tells a kind of tune from a name', () => {
    for (const type of ['Retreat', '2/4 March', 'Slow Air', 'Retreat Marches', 'Strathspey'])
      expect(isTuneType(type), type).toBe(true);
    for (const name of ['Castle Dangerous', 'The Keel Row', 'set 7', 'Mallorca', 'The Black Bear'])
      expect(isTuneType(name), name).toBe(false);
  });
});
