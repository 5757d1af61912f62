import { describe, expect, it } from 'vitest';
import { fakeClock } from '../testing/fakeClock.ts';
import { CLICK_HZ } from './calibrationClicks.ts';
import { joinCaptureBlocks } from './joinCaptureBlocks.ts';
import {
  createLatencyCalibrator,
  type CalibrationContextLike,
  type ClickSourceLike,
  type MicrophoneCapture,
} from './latencyCalibrator.ts';

const SR = 48000;

/**
 * A context and microphone joined by a room: every click the app starts is heard `latency`
 * seconds later. The audio clock follows the fake clock.
 */
function loopbackRig(latency: number | null) {
  const clock = fakeClock(5000);
  const started: { at: number; samples: Float32Array }[] = [];
  const context: CalibrationContextLike = {
    get currentTime() {
      return clock.now() / 1000;
    },
    sampleRate: SR,
    destination: { connect: () => undefined, disconnect: () => undefined },
    createBuffer: (_c, length) => {
      const data = new Float32Array(length);
      return { getChannelData: () => data };
    },
    createBufferSource: () => {
      const source: ClickSourceLike = {
        buffer: null,
        connect: () => undefined,
        disconnect: () => undefined,
        start(when = 0) {
          started.push({ at: when, samples: source.buffer!.getChannelData(0) });
        },
        stop: () => undefined,
      };
      return source;
    },
  };
  let from = 0;
  const capture: MicrophoneCapture = {
    async start() {
      from = context.currentTime;
    },
    async stop() {
      // The worklet's blocks: 2048 samples each, stamped with their first frame.
      const firstFrame = Math.round(from * SR);
      const length = Math.round((context.currentTime - from) * SR);
      const all = new Float32Array(length);
      if (latency !== null)
        for (const click of started)
          all.set(
            click.samples.map((v) => v * 0.25),
            Math.round((click.at + latency) * SR) - firstFrame,
          );
      const blocks = [];
      for (let i = 0; i < length; i += 2048)
        blocks.push({ frame: firstFrame + i, samples: all.slice(i, i + 2048) });
      blocks.reverse(); // arrival order must not matter
      return joinCaptureBlocks(blocks, SR);
    },
  };
  return { clock, context, capture, started };
}

describe('createLatencyCalibrator (issue 14 item 3)', () => {
  it('issue 14.3: loopback plays ten clicks on the audio clock and measures the room', async () => {
    const rig = loopbackRig(0.074);
    const calibrator = createLatencyCalibrator({ ...rig, onsets: () => () => undefined });
    const result = calibrator.loopback();
    await Promise.resolve();
    await Promise.resolve();
    rig.clock.advance(10_000);
    const measured = await result;
    expect(rig.started).toHaveLength(10);
    expect(measured).toMatchObject({ ok: true, method: 'loopback', used: 10 });
    if (measured.ok) expect(Math.abs(measured.latencyMs - 74)).toBeLessThan(1);
    // The click is the documented burst, not silence.
    const samples = rig.started[0]!.samples;
    expect(Math.max(...samples)).toBeGreaterThan(0.5);
    expect(CLICK_HZ).toBe(2500);
  });

  it('issue 14.3: a microphone that hears nothing gives not-heard', async () => {
    const rig = loopbackRig(null);
    const calibrator = createLatencyCalibrator({ ...rig, onsets: () => () => undefined });
    const result = calibrator.loopback();
    await Promise.resolve();
    await Promise.resolve();
    rig.clock.advance(10_000);
    expect(await result).toMatchObject({ ok: false, reason: 'not-heard' });
  });

  it('issue 14.3: tap-along takes the onsets of the notes played with a steady beat', async () => {
    const rig = loopbackRig(null);
    let listener: ((onset: number) => void) | null = null;
    let unsubscribed = false;
    const calibrator = createLatencyCalibrator({
      ...rig,
      onsets: (l) => {
        listener = l;
        return () => {
          unsubscribed = true;
        };
      },
    });
    const result = calibrator.tapAlong();
    const beats = rig.started.map((s) => s.at);
    expect(beats).toHaveLength(12);
    expect(beats[1]! - beats[0]!).toBeCloseTo(0.75, 6); // 80 BPM
    beats.forEach((beat, i) => listener!(beat + 0.1 + (i % 2 ? 0.002 : -0.002)));
    rig.clock.advance(20_000);
    const measured = await result;
    expect(unsubscribed).toBe(true);
    expect(measured).toMatchObject({ ok: true, method: 'tap-along' });
    if (measured.ok) expect(Math.abs(measured.latencyMs - 100)).toBeLessThan(2.5);
  });

  it('issue 14.3: cancel stops the clicks and ends the measurement', async () => {
    const rig = loopbackRig(0.05);
    const calibrator = createLatencyCalibrator({ ...rig, onsets: () => () => undefined });
    const result = calibrator.tapAlong();
    calibrator.cancel();
    await expect(result).rejects.toThrow('cancelled');
    expect(rig.clock.pending).toBe(0);
  });
});
