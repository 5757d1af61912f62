import { describe, expect, it } from 'vitest';
import { percentile, score, type NoteFrame } from './score.ts';
import type { Segment } from './testSet.ts';

const segments: Segment[] = [
  { pitch: 'LA', hz: 480, start: 0, end: 0.1 },
  { pitch: 'B', hz: 540, start: 0.1, end: 0.2 },
];

describe('benchmark scoring', () => {
  it('counts steady frames, wrong notes, cents and onset latency', () => {
    const frames: NoteFrame[] = [];
    for (let k = 0; k < 40; k++) {
      const t = 0.0025 + k * 0.005; // never exactly on a boundary
      const inB = t > 0.1;
      // B is reported from 0.1325 s on; LA is 10 cents sharp.
      const pitch = inB ? (t >= 0.13 ? 'B' : 'LA') : 'LA';
      frames.push({ time: t, pitch, hz: pitch === 'LA' ? 482.785 : 540 });
    }
    const result = score(frames, segments, 0.01);
    expect(result.steadyFrames).toBeGreaterThan(30);
    // Frames ending 0.1125–0.1275 s analyse only B but still report LA.
    expect(result.wrongFrames).toBe(4);
    expect(result.latencyMedianMs).toBeCloseTo(2.5, 5);
    expect(result.latencyP95Ms).toBeCloseTo(32.5, 5);
    expect(result.missedOnsets).toBe(0);
    expect(result.meanAbsCents).toBeGreaterThan(4);
  });

  it('a note never reported is a missed onset', () => {
    const frames: NoteFrame[] = [0.05, 0.15].map((time) => ({ time, pitch: 'LA', hz: 480 }));
    expect(score(frames, segments, 0.01).missedOnsets).toBe(1);
  });

  it('percentile picks the nearest rank', () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4], 0.95)).toBe(4);
  });
});
