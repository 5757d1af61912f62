import { describe, expect, it } from 'vitest';
import { PitchDetector, type PitchEstimate } from './pitchDetector.ts';
import { PitchStream } from './pitchStream.ts';
import { REEDY, harmonicTone } from './testSignals.ts';

function collect(chunks: number[], signal: Float32Array) {
  const stream = new PitchStream(new PitchDetector({ sampleRate: 48000 }));
  const out: [PitchEstimate, number][] = [];
  let at = 0;
  for (let i = 0; at < signal.length; i++) {
    const size = chunks[i % chunks.length]!;
    stream.push(signal.subarray(at, at + size), (e, end) => out.push([e, end]));
    at += size;
  }
  return out;
}

describe('PitchStream', () => {
  const signal = harmonicTone(720, 48000, 4000, REEDY);

  it('gives a new estimate every 128 samples once a window is full', () => {
    const out = collect([128], signal);
    expect(out.map(([, end]) => end)).toEqual(
      Array.from({ length: Math.floor((4000 - 512) / 128) + 1 }, (_, i) => 512 + 128 * i),
    );
    for (const [estimate] of out) expect(estimate.hz).toBeCloseTo(720, 0);
  });

  it('does not depend on how the input is chunked', () => {
    const reference = collect([128], signal);
    expect(collect([37, 1, 500, 128, 3000], signal)).toEqual(reference);
    expect(collect([4000], signal)).toEqual(reference);
  });
});
