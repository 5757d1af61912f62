import { describe, expect, it } from 'vitest';
import { isPitch, type Pitch } from '../notes.ts';
import { embellishmentOf, embellishmentTable, graceNotes } from './embellishments.ts';

/** Grace notes as pipers write them, stated by hand (out of context). */
const expected: Readonly<Record<string, readonly Pitch[]>> = {
  gg: ['HG'],
  tg: ['HA'],
  ag: ['LA'],
  dg: ['D'],
  eg: ['E'],
  fg: ['F'],
  gf: ['HG', 'F'],
  tla: ['HA', 'LA'],
  dblg: ['HG', 'LG', 'D'],
  dbla: ['HG', 'LA', 'D'],
  dbb: ['HG', 'B', 'D'],
  dbc: ['HG', 'C', 'D'],
  dbd: ['HG', 'D', 'E'],
  dbe: ['HG', 'E', 'F'],
  dbf: ['HG', 'F', 'HG'],
  dbhg: ['HG', 'F'],
  dbha: ['HA', 'HG'],
  tdbe: ['HA', 'E', 'F'],
  tdbf: ['HA', 'F', 'HG'],
  hdbc: ['C', 'D'],
  hdbf: ['F', 'HG'],
  strlg: ['LG'],
  strla: ['LA'],
  strhg: ['HG'],
  gstd: ['HG', 'D', 'LG'],
  lgstd: ['HG', 'D', 'C'],
  gste: ['HG', 'E', 'LA'],
  tstf: ['HA', 'F', 'E'],
  hstb: ['B', 'LG'],
  hsthg: ['HG', 'F'],
  lhstd: ['D', 'C'],
  st2la: ['LG', 'LA', 'LG'],
  gst2c: ['HG', 'C', 'LG', 'C', 'LG'],
  st3e: ['LA', 'E', 'LA', 'E', 'LA'],
  grp: ['LG', 'D', 'LG'],
  grpb: ['LG', 'B', 'LG'],
  ggrpc: ['HG', 'C', 'LG', 'D', 'LG'],
  hgrpc: ['C', 'LG', 'D', 'LG'],
  tgrpdb: ['HA', 'D', 'LG', 'B', 'LG'],
  tar: ['LG', 'D', 'LG', 'E'],
  tarb: ['LG', 'B', 'LG', 'E'],
  htar: ['D', 'LG', 'E'],
  bubly: ['LG', 'D', 'LG', 'C', 'LG'],
  brl: ['LG', 'LA', 'LG'],
  abr: ['LA', 'LG', 'LA', 'LG'],
  gbr: ['HG', 'LA', 'LG', 'LA', 'LG'],
  tbr: ['HA', 'LA', 'LG', 'LA', 'LG'],
  thrd: ['LG', 'D', 'C'],
  hvthrd: ['LG', 'D', 'LG', 'C'],
  hthrd: ['D', 'C'],
  pelc: ['HG', 'C', 'E', 'C', 'LG'],
  pele: ['HG', 'E', 'F', 'E', 'LA'],
  lpeld: ['HG', 'D', 'E', 'D', 'C'],
  edre: ['E', 'LA', 'F', 'LA'],
  cadged: ['HG', 'E', 'D'],
  fcadaed: ['HA', 'E', 'D'],
  echola: ['LA'],
  echohg: ['HG'],
  darodo: ['LG', 'D', 'LG', 'C', 'LG'],
  rodin: ['LG', 'B', 'LG'],
  lem: ['LG', 'D', 'LG'],
  lemb: ['LG', 'B', 'LG'],
  crunl: ['LG', 'D', 'LG', 'E', 'LA', 'F', 'LA'],
  pcmc: ['HG', 'C', 'LG', 'D', 'LG', 'C', 'E', 'C', 'F', 'C'],
  ptripla: ['HG', 'LA', 'D', 'LA', 'E'],
  embari: ['E', 'LG', 'F', 'LG'],
  dili: ['HA', 'HG'],
  enbain: ['LA', 'LG', 'D', 'LG'],
  hiharin: ['D', 'LA', 'LG', 'LA', 'LG'],
  ggrpf: ['HG', 'F', 'LG', 'F', 'LG'],
  tgrphg: ['HA', 'HG', 'LG', 'F', 'LG'],
};

describe('embellishment table (issue 6, embellishment expansion)', () => {
  it.each(Object.entries(expected))('%s is written %j', (code, pitches) => {
    expect(graceNotes(code)).toEqual(pitches);
  });

  it.each([...embellishmentTable.values()].map((e) => [e.code, e] as const))(
    '%s: grace notes are chanter pitches, never the same pitch twice in a row',
    (code, entry) => {
      expect(entry.written.length).toBeGreaterThan(0);
      expect(entry.written.every(isPitch)).toBe(true);
      entry.written.forEach((p, i) => expect(p, `${code}[${i}]`).not.toBe(entry.written[i - 1]));
      expect(embellishmentOf(code)).toEqual({ family: entry.family, code });
    },
  );

  it('half forms are the High G forms without their leading gracenote', () => {
    let compared = 0;
    for (const [code, half] of embellishmentTable) {
      if (!code.startsWith('h') || code === 'hdbhg') continue;
      const rest = code.slice(1);
      // 'hdbe' halves 'dbe'; 'hstd' halves 'gstd'; 'hgrpc' halves 'ggrpc'.
      // Plain double strikes ('st2ha') start with their strike, not a lead: not compared.
      const full = [`g${rest}`, rest.startsWith('st') ? '' : rest]
        .map((c) => embellishmentTable.get(c))
        .find((e) => e?.written[0] === 'HG');
      if (!full) continue;
      expect(half.written, code).toEqual(full.written.slice(1));
      compared++;
    }
    expect(compared).toBeGreaterThan(30);
  });

  it('knows no code it cannot expand', () => {
    expect(embellishmentOf('xyz')).toBeNull();
    expect(graceNotes('xyz')).toEqual([]);
  });
});

describe('embellishments in context (pipers’ practice)', () => {
  it('a doubling after High G or High A is its half form', () => {
    expect(graceNotes('dbe', { prev: 'HG', note: 'E' })).toEqual(['E', 'F']);
    expect(graceNotes('dbla', { prev: 'HA', note: 'LA' })).toEqual(['LA', 'D']);
    expect(graceNotes('dbe', { prev: 'C', note: 'E' })).toEqual(['HG', 'E', 'F']);
  });

  it('a High G doubling is always High G–F, never with a thumb gracenote', () => {
    expect(graceNotes('dbhg', { prev: 'HA', note: 'HG' })).toEqual(['HG', 'F']);
    expect(graceNotes('dbhg', { prev: 'HG', note: 'HG' })).toEqual(['HG', 'F']);
  });

  it('a thumb doubling after High A is its half form', () => {
    expect(graceNotes('tdbc', { prev: 'HA', note: 'C' })).toEqual(['C', 'D']);
  });

  it('a throw or grip from Low G skips the Low G it already sounds', () => {
    expect(graceNotes('thrd', { prev: 'LG', note: 'D' })).toEqual(['D', 'C']);
    expect(graceNotes('grp', { prev: 'LG', note: 'LA' })).toEqual(['D', 'LG']);
  });

  it('grips and taorluaths from D use B', () => {
    expect(graceNotes('grp', { prev: 'D', note: 'LA' })).toEqual(['LG', 'B', 'LG']);
    expect(graceNotes('tar', { prev: 'D', note: 'LA' })).toEqual(['LG', 'B', 'LG', 'E']);
  });

  it('a taorluath onto E ends on the melody note itself', () => {
    expect(graceNotes('tar', { prev: 'LA', note: 'E' })).toEqual(['LG', 'D', 'LG']);
  });

  it('a g-strike after High G is a half strike', () => {
    expect(graceNotes('gstd', { prev: 'HG', note: 'D' })).toEqual(['D', 'LG']);
  });

  it('single and double gracenotes are played as written', () => {
    expect(graceNotes('gg', { prev: 'HG', note: 'E' })).toEqual(['HG']);
    expect(graceNotes('gf', { prev: 'HG', note: 'E' })).toEqual(['HG', 'F']);
  });
});
