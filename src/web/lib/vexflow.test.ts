import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fontBytesFromModule, tupletDigits } from './vexflow.ts';

describe('fontBytesFromModule', () => {
  it('takes the WOFF2 bytes of the music font we serve out of VexFlow’s font module', () => {
    const source = readFileSync('node_modules/vexflow/build/esm/src/fonts/gonville.js', 'utf8');
    const bytes = fontBytesFromModule(source);
    expect(String.fromCharCode(...bytes.slice(0, 4))).toBe('wOF2');
    expect(bytes.length).toBeGreaterThan(10_000);
  });

  it('fails loudly on a module without font data', () => {
    expect(() => fontBytesFromModule('export const X = 1;')).toThrow(/No WOFF2 data/);
  });
});

describe('tupletDigits', () => {
  it('turns SMuFL tuplet digits into plain ones', () => {
    expect(tupletDigits('\uE883')).toBe('3');
    expect(tupletDigits('\uE881\uE880')).toBe('10');
    expect(tupletDigits('3')).toBe('3');
  });
});
