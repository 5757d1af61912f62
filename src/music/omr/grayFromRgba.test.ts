import { describe, expect, it } from 'vitest';
import { grayFromRgba } from './grayFromRgba.ts';

describe('grayFromRgba (issue 20 item 3)', () => {
  it('issue 20.3: black ink stays 0, white paper 255, colours by BT.601 luma', () => {
    const rgba = [0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 255, 0, 0, 255, 255];
    const gray = grayFromRgba(4, 1, rgba);
    expect(gray.width).toBe(4);
    expect(gray.height).toBe(1);
    expect([...gray.data]).toEqual([0, 255, 76, 29]);
  });

  it('issue 20.3: a transparent pixel is white paper, half-transparent black is mid grey', () => {
    const gray = grayFromRgba(2, 1, [0, 0, 0, 0, 0, 0, 0, 128]);
    expect([...gray.data]).toEqual([255, 127]);
  });
});
