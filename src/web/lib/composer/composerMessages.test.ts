import { describe, expect, it } from 'vitest';
import { isComposeOptions } from './composerMessages.ts';

describe('the composer worker’s protocol (issue 19)', () => {
  it('issue 19 Evaluated honestly: a slow air may ask for a time signature the composer writes, no other', () => {
    expect(isComposeOptions({ form: 'slow air', seed: 1 })).toBe(true);
    expect(isComposeOptions({ form: 'slow air', seed: 1, meter: '6/8' })).toBe(true);
    expect(isComposeOptions({ form: 'slow air', seed: 1, meter: '5/4' })).toBe(false);
  });
});
