import { describe, expect, it, vi } from 'vitest';
import { createFireEngine, type FireCanvas } from './fireEngine.ts';

function fakeCanvas() {
  const calls = { arcs: [] as Array<[number, number, number]>, rects: 0, styles: [] as string[] };
  const ctx: FireCanvas = {
    fillStyle: '',
    globalCompositeOperation: 'source-over',
    fillRect: () => calls.rects++,
    beginPath: () => {},
    arc: (x, y, r) => calls.arcs.push([x, y, r]),
    fill: () => calls.styles.push(String(ctx.fillStyle)),
  };
  return { ctx, calls };
}

/** A frame scheduler the test runs by hand, with a clock it moves. */
function harness(random = () => 0.5) {
  const { ctx, calls } = fakeCanvas();
  let time = 1000;
  let nextId = 1;
  const pending = new Map<number, () => void>();
  const cancelFrame = vi.fn((id: number) => pending.delete(id));
  const engine = createFireEngine({
    ctx,
    width: 400,
    height: 300,
    now: () => time,
    random,
    requestFrame: (cb) => {
      pending.set(nextId, cb);
      return nextId++;
    },
    cancelFrame,
  });
  /** Moves the clock and runs the frames that were waiting. */
  function advance(ms: number) {
    time += ms;
    const due = [...pending.values()];
    pending.clear();
    due.forEach((cb) => cb());
  }
  return { engine, calls, pending, cancelFrame, advance };
}

describe('fireEngine', () => {
  it('asks for a frame on start and none before', () => {
    const { engine, pending } = harness();
    expect(pending.size).toBe(0);
    expect(engine.running).toBe(false);
    engine.start();
    engine.start(); // idempotent: one loop, not two
    expect(pending.size).toBe(1);
    expect(engine.running).toBe(true);
  });

  it('spawns particles with the fake clock and random source and draws them', () => {
    const { engine, calls, advance } = harness(() => 0.5);
    engine.start();
    advance(20); // 0.02 s × 500/s = 10 particles
    expect(engine.particleCount).toBe(10);
    expect(calls.rects).toBe(1); // background once per frame
    expect(calls.arcs).toHaveLength(10);
    // random() = 0.5 puts every particle on the centre line, rising from the bottom.
    for (const [x, y] of calls.arcs) {
      expect(x).toBeCloseTo(200);
      expect(y).toBeLessThan(300);
    }
    advance(20);
    expect(engine.particleCount).toBe(20);
  });

  it('caps a long pause to one short step instead of a burst', () => {
    const { engine, advance } = harness();
    engine.start();
    advance(10_000); // tab was in the background for 10 s
    expect(engine.particleCount).toBeLessThanOrEqual(25); // 0.05 s × 500/s
  });

  it('lets particles die so the count stays bounded', () => {
    const { engine, advance } = harness(() => 0.99);
    engine.start();
    for (let i = 0; i < 200; i++) advance(16); // 3.2 s, longer than any particle lives
    // ~1.1 s of life at 500/s: a steady ~550, well under the 900 cap, so particles do die.
    expect(engine.particleCount).toBeGreaterThan(400);
    expect(engine.particleCount).toBeLessThan(700);
  });

  it('stop and dispose cancel the pending frame and stop the loop', () => {
    const { engine, pending, cancelFrame, advance } = harness();
    engine.start();
    advance(16);
    const id = [...pending.keys()][0]!;
    engine.stop();
    expect(cancelFrame).toHaveBeenLastCalledWith(id);
    expect(pending.size).toBe(0);

    engine.start();
    const id2 = [...pending.keys()][0]!;
    engine.dispose();
    expect(cancelFrame).toHaveBeenLastCalledWith(id2);
    expect(engine.running).toBe(false);
    expect(engine.particleCount).toBe(0);
    engine.start(); // a disposed engine never restarts
    expect(pending.size).toBe(0);
  });

  it('drawStill paints one frame without scheduling any', () => {
    const { engine, calls, pending } = harness(() => 0.3);
    engine.drawStill();
    expect(pending.size).toBe(0);
    expect(calls.rects).toBe(1);
    expect(calls.arcs.length).toBeGreaterThan(50);
  });
});
