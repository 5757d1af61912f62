import { describe, expect, it } from 'vitest';
import { joinCaptureBlocks } from './joinCaptureBlocks.ts';

describe('joinCaptureBlocks (issue 14 item 3)', () => {
  it('issue 14.3: blocks are placed by their frame stamp, a missing block is silence', () => {
    const block = (frame: number, value: number) => ({
      frame,
      samples: new Float32Array(4).fill(value),
    });
    const recording = joinCaptureBlocks([block(108, 3), block(100, 1)], 4);
    expect(recording.startTime).toBe(25);
    expect(Array.from(recording.samples)).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 3, 3, 3, 3]);
  });

  it('issue 14.3: no blocks is an empty recording', () => {
    expect(joinCaptureBlocks([], 48000).samples).toHaveLength(0);
  });
});
