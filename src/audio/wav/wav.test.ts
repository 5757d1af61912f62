import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav, toMono } from './wav.ts';

const ramp = (n: number, scale: number) =>
  Float32Array.from({ length: n }, (_, i) => (scale * (i - n / 2)) / n);

describe('WAV codec', () => {
  it('round-trips 16-bit stereo within one quantisation step', () => {
    const left = ramp(100, 1.5);
    const right = ramp(100, -1);
    const wav = decodeWav(encodeWav([left, right], 22050));
    expect(wav.sampleRate).toBe(22050);
    expect(wav.channels).toHaveLength(2);
    wav.channels[1]!.forEach((v, i) => expect(v).toBeCloseTo(right[i]!, 4));
  });

  it('round-trips 32-bit float exactly and mixes to mono', () => {
    const a = ramp(64, 1);
    const b = ramp(64, 0.5);
    const wav = decodeWav(encodeWav([a, b], 48000, 'float32'));
    expect(Array.from(wav.channels[0]!)).toEqual(Array.from(a));
    const mono = toMono(wav);
    mono.forEach((v, i) => expect(v).toBeCloseTo((a[i]! + b[i]!) / 2, 6));
  });

  it('skips unknown chunks and reads WAVE_FORMAT_EXTENSIBLE', () => {
    const plain = encodeWav([Float32Array.of(0.5, -0.5)], 8000);
    // Rebuild with an odd-sized LIST chunk before fmt and an extensible fmt chunk.
    const list = [...'LIST'].map((c) => c.charCodeAt(0)).concat([3, 0, 0, 0, 1, 2, 3, 0]);
    const fmt = new Uint8Array(8 + 40);
    const v = new DataView(fmt.buffer);
    fmt.set([...'fmt '].map((c) => c.charCodeAt(0)));
    v.setUint32(4, 40, true);
    fmt.set(plain.subarray(20, 36), 8);
    v.setUint16(8, 0xfffe, true);
    v.setUint16(8 + 16, 22, true);
    v.setUint16(8 + 24, 1, true); // sub-format: PCM
    const data = plain.subarray(36);
    const bytes = new Uint8Array(12 + list.length + fmt.length + data.length);
    bytes.set(plain.subarray(0, 12));
    bytes.set(list, 12);
    bytes.set(fmt, 12 + list.length);
    bytes.set(data, 12 + list.length + fmt.length);
    const wav = decodeWav(bytes);
    expect(wav.sampleRate).toBe(8000);
    expect(wav.channels[0]![0]).toBeCloseTo(0.5, 4);
  });

  it('says what is wrong with a file it cannot read', () => {
    expect(() => decodeWav(new Uint8Array(20))).toThrow(/Not a WAV/);
  });
});
