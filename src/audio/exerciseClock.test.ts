import { describe, expect, it, vi } from 'vitest';
import { createExerciseClock } from './exerciseClock.ts';
import { fakeClock } from './testing/fakeClock.ts';

describe('exercise clock', () => {
  it('R-4.FLASH-02 R-4.FLASH-03 R-4.FLASH-05 counts down, a card every note duration, then ends', () => {
    const clock = fakeClock(5_000);
    const exercise = createExerciseClock(clock.now, clock);
    const onCard = vi.fn();
    const onEnd = vi.fn();
    exercise.start(2, 10, { onCard, onEnd });
    expect(exercise.getSnapshot()).toEqual({ running: true, remaining: 10 });
    expect(onCard.mock.calls).toEqual([[1]]);
    clock.advance(2_000);
    expect(onCard.mock.calls).toEqual([[1], [2]]);
    expect(exercise.getSnapshot().remaining).toBe(8);
    clock.advance(7_900);
    expect(onCard).toHaveBeenCalledTimes(5);
    expect(onEnd).not.toHaveBeenCalled();
    clock.advance(100);
    expect(onEnd).toHaveBeenCalledOnce();
    expect(onCard).toHaveBeenCalledTimes(5);
    expect(exercise.getSnapshot()).toEqual({ running: false, remaining: 0 });
    expect(clock.pending).toBe(0);
  });

  it('R-4.FLASH-06 End Exercise stops it without onEnd', () => {
    const clock = fakeClock();
    const exercise = createExerciseClock(clock.now, clock);
    const onEnd = vi.fn();
    const onCard = vi.fn();
    exercise.start(1, 30, { onCard, onEnd });
    clock.advance(3_000);
    exercise.stop();
    clock.advance(60_000);
    expect(onCard).toHaveBeenCalledTimes(4);
    expect(onEnd).not.toHaveBeenCalled();
    expect(exercise.getSnapshot().running).toBe(false);
  });
});
