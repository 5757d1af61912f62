import { describe, expect, it, vi } from 'vitest';
import { fakeClock } from './testing/fakeClock.ts';
import { createNotePlayer, NOTE_GAIN, type VoiceFn } from './notePlayer.ts';
import type { ToneContextLike } from './toneGenerator.ts';

function setup() {
  const ctx = { currentTime: 2, state: 'running', destination: {} } as unknown as ToneContextLike;
  const started: { hz: number; when: number; duration: number | null; gain: number }[] = [];
  const stops = vi.fn();
  const voice: VoiceFn = (_c, _d, hz, when, duration, gain) => {
    started.push({ hz, when, duration, gain });
    return { stop: stops };
  };
  const chanter = vi.fn(voice);
  const clock = fakeClock();
  const player = createNotePlayer({
    getContext: () => ctx,
    timers: clock,
    voices: { sine: voice, chanter },
  });
  return { player, started, stops, chanter, clock };
}

describe('note player', () => {
  it('R-4.BASIC-02 R-9.CONST-15 R-9.CONST-17 a timed note sounds at gain 0.5 and ends after its duration', () => {
    const { player, started, clock } = setup();
    const seen: (number | null)[] = [];
    player.subscribe(() => seen.push(player.getSnapshot()));
    player.play(480, 1);
    expect(started).toEqual([{ hz: 480, when: 2, duration: 1, gain: NOTE_GAIN }]);
    expect(player.getSnapshot()).toBe(480);
    clock.advance(999);
    expect(player.getSnapshot()).toBe(480);
    clock.advance(1);
    expect(player.getSnapshot()).toBeNull();
    expect(seen).toEqual([480, null]);
  });

  it('R-4.BASIC-01 a continuous note plays until stopped; a new note replaces the old one', () => {
    const { player, stops, clock, chanter } = setup();
    player.play(640, null, 'chanter');
    expect(chanter).toHaveBeenCalledOnce();
    clock.advance(60_000);
    expect(player.getSnapshot()).toBe(640);
    player.play(720, null);
    expect(stops).toHaveBeenCalledTimes(1);
    expect(player.getSnapshot()).toBe(720);
    player.stop();
    expect(stops).toHaveBeenCalledTimes(2);
    expect(player.getSnapshot()).toBeNull();
  });

  it('refuses nonsense and leaves nothing sounding', () => {
    const { player } = setup();
    expect(() => player.play(0, 1)).toThrow(RangeError);
    expect(() => player.play(480, 0)).toThrow(RangeError);
    expect(player.getSnapshot()).toBeNull();
  });
});
