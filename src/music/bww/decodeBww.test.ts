import { describe, expect, it } from 'vitest';
import { decodeBww } from './decodeBww.ts';

describe('BWW text decoding', () => {
  it('reads UTF-8, dropping a byte-order mark', () => {
    const bytes = new TextEncoder().encode('\ufeff"Ceòl Mór"');
    expect(decodeBww(bytes)).toBe('"Ceòl Mór"');
    expect(decodeBww(bytes.buffer)).toBe('"Ceòl Mór"');
  });

  it('falls back to Windows-1252 for Latin-1 files, curly quotes included', () => {
    expect(decodeBww(Uint8Array.from([0x43, 0xe9, 0x20, 0x92, 0x80]))).toBe('Cé ’€');
  });

  it('passes strings through', () => {
    expect(decodeBww('& LA_4')).toBe('& LA_4');
  });
});
