import { describe, expect, it } from 'vitest';
import { GRACE_NOTE_SECONDS, embellishmentSequence } from './embellishmentPlayer.ts';

describe('embellishment player', () => {
  it('plays melody 0.5 s, each grace note, melody 0.5 s', () => {
    const tones = embellishmentSequence(640, [840, 640, 720]);
    expect(tones.map((t) => t.frequency)).toEqual([640, 840, 640, 720, 640]);
    expect(tones.map((t) => t.duration)).toEqual([
      0.5,
      GRACE_NOTE_SECONDS,
      GRACE_NOTE_SECONDS,
      GRACE_NOTE_SECONDS,
      0.5,
    ]);
    expect(tones[4]!.start).toBeCloseTo(0.5 + 3 * GRACE_NOTE_SECONDS);
  });
});
