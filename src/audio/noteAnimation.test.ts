import { describe, expect, it } from 'vitest';
import { createNoteAnimation } from './noteAnimation.ts';
import type { VoiceFn } from './notePlayer.ts';
import { fakeClock } from './testing/fakeClock.ts';
import type { ToneContextLike } from './toneGenerator.ts';

function setup() {
  const clock = fakeClock();
  const ctx = {
    get currentTime() {
      return clock.now() / 1000;
    },
    state: 'running',
    destination: {},
  } as unknown as ToneContextLike;
  const tones: { hz: number; when: number; stopped: number | null }[] = [];
  const voice: VoiceFn = (_c, _d, hz, when) => {
    const tone = { hz, when, stopped: null as number | null };
    tones.push(tone);
    return { stop: (at) => (tone.stopped = at ?? 0) };
  };
  const animation = createNoteAnimation({
    getContext: () => ctx,
    timers: clock,
    frequencyAt: (k) => 100 + k,
    interval: 0.5,
    voice,
  });
  return { clock, animation, tones };
}

describe('note animation', () => {
  it('R-2.3.STRIP-04 sounds each note exactly when the audio clock brings it to the marker', () => {
    const { clock, animation, tones } = setup();
    animation.play();
    expect(animation.getSnapshot()).toBe(true);
    clock.advance(2_000);
    // Start delay 0.05 s, then one note every 0.5 s: 0.05, 0.55, 1.05, 1.55, 2.05 (look-ahead).
    expect(tones.map((t) => t.hz)).toEqual([100, 101, 102, 103, 104]);
    tones.forEach((t, i) => expect(t.when).toBeCloseTo(0.05 + i * 0.5, 9));
    // The picture is computed from the same clock: note 3 is at the marker at 1.55 s.
    expect(animation.position()).toBeCloseTo((2 - 0.05) / 0.5, 9);
  });

  it('pause freezes the strip, silences queued tones and play resumes where it was', () => {
    const { clock, animation, tones } = setup();
    animation.play();
    clock.advance(1_480);
    animation.pause();
    const held = animation.position();
    expect(held).toBeCloseTo((1.48 - 0.05) / 0.5, 9);
    // The tone queued for 1.55 s (ahead of the clock) is stopped before it sounds.
    expect(tones.at(-1)!.when).toBeCloseTo(1.55, 9);
    expect(tones.at(-1)!.stopped).toBeCloseTo(1.55, 9);
    const count = tones.length;
    clock.advance(5_000);
    expect(tones).toHaveLength(count);
    expect(animation.position()).toBe(held);
    animation.play();
    clock.advance(1_000);
    // The next note after 2.86 is note 3, 0.14 spacings after the restart.
    const resumed = tones.slice(count);
    expect(resumed[0]!.hz).toBe(103);
    expect(resumed[0]!.when).toBeCloseTo(6.48 + 0.05 + (3 - held) * 0.5, 9);
  });
});
