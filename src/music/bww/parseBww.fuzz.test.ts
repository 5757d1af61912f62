import { describe, expect, it } from 'vitest';
import { decodeBww } from './decodeBww.ts';
import { parseBww } from './parseBww.ts';
import { mutate, randomBytes, seededRandom, tokenSoup } from './testing/fuzz.ts';
import { corpusPresent, readCorpus } from './testing/readCorpus.ts';
import { writeBww } from './writeBww.ts';

// Seeded, so any failure names an input that reproduces it.
const seed = 20261122;
const runs = 150;

// Written for this test; mutated alongside corpus files when the corpus is present.
const sample = [
  'Bagpipe Reader:1.0',
  'TuneTempo,90',
  '"Fuzz",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
  "& sharpf sharpc 6_8 I!'' gg LAr_8 'la Bl_16 dbc Cl_8 ! tar LA_4 'la ^tla LA_4",
  "! ^3s HAr_16 HGr_16 Fl_16 ^3e REST_8 '1 E_4 _' '2 LA_4 _' ''!I",
].join('\r\n');

function holds(input: string | Uint8Array): void {
  const result = parseBww(input);
  for (const w of result.warnings) {
    expect(w.line).toBeGreaterThanOrEqual(1);
    expect(w.column).toBeGreaterThanOrEqual(1);
  }
  expect(result.warnings.some((w) => w.kind === 'internal-error')).toBe(false);
  // Whatever it read, writing it and reading it again gives the same tunes.
  expect(parseBww(writeBww(result.tunes)).tunes).toEqual(result.tunes);
}

describe('BWW reader never throws (seeded fuzz)', () => {
  it('on random bytes', () => {
    const random = seededRandom(seed);
    for (let i = 0; i < runs; i++) holds(randomBytes(random));
  });

  it('on random token soup', () => {
    const random = seededRandom(seed + 1);
    for (let i = 0; i < runs; i++) holds(tokenSoup(random));
  });

  it('on mutated files', () => {
    const random = seededRandom(seed + 2);
    const texts = [sample, ...readCorpus().map((f) => decodeBww(f.bytes))];
    if (!corpusPresent) console.info('fuzz: ../shared/corpus absent, mutating the sample only');
    for (let i = 0; i < runs; i++) {
      const text = texts[Math.floor(random() * texts.length)] ?? sample;
      holds(mutate(random, text, 1 + Math.floor(random() * 8)));
    }
  });
});
