/**
 * A tiny seeded fuzzer for the BWW reader's 'never throws' property: random bytes, random
 * token soup, and mutations of real-looking text. Seeded so a failure reproduces exactly.
 */
import { embellishmentTable } from '../../tune/embellishments.ts';
import { seededRandom } from '../../random.ts';

export { seededRandom };

const vocabulary = [
  '&',
  '!',
  '!!',
  '!t',
  '!I',
  "''!I",
  'I!',
  "I!''",
  'C',
  'C_',
  '2_4',
  '6_8',
  '3_4',
  '9_8',
  'sharpf',
  'sharpc',
  'naturalc',
  'flatb',
  'LA_4',
  'Er_8',
  'Dl_16',
  'HGr_32',
  'HA_2',
  'LG_1',
  'REST_4',
  'REST_8',
  "'la",
  "''e",
  'fermatc',
  '^ts',
  '^te',
  '^tla',
  '^3s',
  '^3e',
  '^3c',
  '^43s',
  '^43e',
  '^2s',
  '^2e',
  "'1",
  "'2",
  "'22",
  "'intro",
  "_'",
  'space',
  'segno',
  'fine',
  '"Title",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
  '"text"',
  '"',
  '(',
  ')',
  ',',
  'TuneTempo,90',
  'Bagpipe Reader:1.0',
  'FontSizes,(90,100',
  '\u00e9',
  '\u00ff',
  '\u0000',
  ...[...embellishmentTable.keys()].filter((_, i) => i % 7 === 0),
];
const separators = [' ', ' ', ' ', '\t', '\n', '\r\n', '\r', '', '  '];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

export function randomBytes(random: () => number, max = 2000): Uint8Array {
  return Uint8Array.from({ length: Math.floor(random() * max) }, () => Math.floor(random() * 256));
}

export function tokenSoup(random: () => number, max = 400): string {
  const count = Math.floor(random() * max);
  let out = '';
  for (let i = 0; i < count; i++) out += pick(random, vocabulary) + pick(random, separators);
  return out;
}

/** A few random edits: delete, duplicate, insert, swap or truncate. */
export function mutate(random: () => number, text: string, edits = 5): string {
  let s = text;
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(random() * (s.length + 1));
    const len = Math.floor(random() * 40);
    switch (Math.floor(random() * 5)) {
      case 0:
        s = s.slice(0, at) + s.slice(at + len);
        break;
      case 1:
        s = s.slice(0, at) + s.slice(at, at + len) + s.slice(at);
        break;
      case 2:
        s = s.slice(0, at) + pick(random, vocabulary) + s.slice(at);
        break;
      case 3:
        s = s.slice(0, at) + String.fromCharCode(Math.floor(random() * 0x3000)) + s.slice(at + 1);
        break;
      default:
        s = s.slice(0, at);
    }
  }
  return s;
}
