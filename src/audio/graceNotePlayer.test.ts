import { describe, expect, it, vi } from 'vitest';
import type { ToneContextLike } from './toneGenerator.ts';
import { createGraceNotePlayer, graceNoteSequence, outputPeak } from './graceNotePlayer.ts';

function fakeContext() {
  const calls: { kind: string; args: unknown[] }[] = [];
  const oscillators: { start: number; stop: number; freq: number; end: () => void }[] = [];
  const param = (name: string) => ({
    setValueAtTime: (...args: unknown[]) => calls.push({ kind: `${name}.set`, args }),
    linearRampToValueAtTime: (...args: unknown[]) => calls.push({ kind: `${name}.ramp`, args }),
    cancelScheduledValues: () => undefined,
  });
  const ctx = {
    currentTime: 1,
    state: 'running',
    destination: { connect: () => undefined, disconnect: () => undefined },
    createOscillator() {
      const rec = { start: 0, stop: 0, freq: 0, end: (): void => undefined };
      oscillators.push(rec);
      const osc = {
        type: 'square' as OscillatorType,
        frequency: {
          ...param('freq'),
          setValueAtTime: (v: number) => (rec.freq = v),
        },
        onended: null as (() => void) | null,
        connect: () => undefined,
        disconnect: () => undefined,
        start: (t: number) => (rec.start = t),
        stop: (t: number) => (rec.stop = t),
      };
      rec.end = () => osc.onended?.();
      return osc;
    },
    createGain: () => ({
      connect: () => undefined,
      disconnect: () => undefined,
      gain: param('gain'),
    }),
    resume: async () => undefined,
    close: vi.fn(async () => undefined),
  };
  return {
    ctx: ctx as unknown as ToneContextLike & { close: typeof ctx.close },
    calls,
    oscillators,
  };
}

describe('grace-note player', () => {
  it('R-4.GRACE-07 R-9.CONST-18 plays melody 0.5 s, grace 0.2 s, melody 0.5 s', () => {
    expect(graceNoteSequence(640, 426)).toEqual([
      { frequency: 640, start: 0, duration: 0.5 },
      { frequency: 426, start: 0.5, duration: 0.2 },
      { frequency: 640, start: 0.7, duration: 0.5 },
    ]);
    expect(graceNoteSequence(640, null).map((t) => t.duration)).toEqual([0.5, 0.5]);
  });

  it('R-4.GRACE-09 plays at the saved gain, never clipping', () => {
    expect(outputPeak(3)).toBeCloseTo(0.4);
    expect(outputPeak(1.5)).toBeCloseTo(0.2);
    expect(outputPeak(100)).toBe(1);
    expect(outputPeak(-1)).toBe(0);
    expect(outputPeak(Number.NaN)).toBe(0);
  });

  it('R-4.GRACE-08 schedules sine tones that fade, and reports when it ends', () => {
    const { ctx, calls, oscillators } = fakeContext();
    const factory = vi.fn(() => ctx);
    const player = createGraceNotePlayer(factory);
    expect(factory).not.toHaveBeenCalled();
    const seen: boolean[] = [];
    player.subscribe(() => seen.push(player.getSnapshot()));
    player.play(640, 426, 3);
    expect(player.getSnapshot()).toBe(true);
    expect(oscillators.map((o) => o.freq)).toEqual([640, 426, 640]);
    expect(oscillators[1]!.start - oscillators[0]!.start).toBeCloseTo(0.5);
    expect(oscillators[2]!.stop - oscillators[2]!.start).toBeCloseTo(0.5);
    // Each tone ends on a ramp to silence.
    const ramps = calls.filter((c) => c.kind === 'gain.ramp').map((c) => c.args[0]);
    expect(ramps).toEqual([0.4, 0, 0.4, 0, 0.4, 0].map((x) => expect.closeTo(x)));
    oscillators.forEach((o) => o.end());
    expect(player.getSnapshot()).toBe(false);
    expect(seen).toEqual([true, false]);
    player.dispose();
    // The shared context is not ours to close.
    expect(ctx.close).not.toHaveBeenCalled();
  });

  it('issue 22.1: Gracenotes mode sounds the grace 0.2 s, then the melody 0.5 s', () => {
    // A G gracenote (High G, 840 Hz) on Low A (480 Hz): grace first, then its note.
    expect(graceNoteSequence(480, 840, 'Gracenotes')).toEqual([
      { frequency: 840, start: 0, duration: 0.2 },
      { frequency: 480, start: 0.2, duration: 0.5 },
    ]);
    expect(graceNoteSequence(480, null, 'Gracenotes')).toEqual([
      { frequency: 480, start: 0, duration: 0.5 },
    ]);
    // Strikes stays the spec's phrase, and the default.
    expect(graceNoteSequence(640, 426, 'Strikes')).toEqual(graceNoteSequence(640, 426));
  });

  it('issue 22.1: the player schedules the gracenote before its melody note', () => {
    const { ctx, oscillators } = fakeContext();
    const player = createGraceNotePlayer(() => ctx);
    player.play(480, 840, 3, 'Gracenotes');
    expect(oscillators.map((o) => o.freq)).toEqual([840, 480]);
    expect(oscillators[0]!.start).toBeLessThan(oscillators[1]!.start);
    expect(oscillators[1]!.start - oscillators[0]!.start).toBeCloseTo(0.2);
    expect(oscillators[0]!.stop).toBeCloseTo(oscillators[1]!.start);
  });

  it('stop() silences a phrase at once', () => {
    const { ctx } = fakeContext();
    const player = createGraceNotePlayer(() => ctx);
    player.play(640, null, 3);
    player.stop();
    expect(player.getSnapshot()).toBe(false);
  });
});
