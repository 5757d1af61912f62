import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../music/random.ts';
import { clickWaveform, loopbackClickOffsets } from './calibrationClicks.ts';
import { findClickArrivals, type Recording } from './findClickArrivals.ts';
import { summariseLatency } from './summariseLatency.ts';

const SR = 48000;

interface Room {
  readonly latency: number;
  /** Microphone noise relative to the click's peak, as SNR in dB. */
  readonly snrDb?: number;
  readonly seed?: number;
  /** Per-click jitter of the device buffers, in seconds (uniform ±). */
  readonly jitter?: number;
  /** Clicks the microphone did not hear (index). */
  readonly silent?: readonly number[];
  /** A knock this many seconds after the start. */
  readonly knockAt?: number;
  readonly gain?: number;
}

/**
 * What a microphone records while the clicks play through a speaker in a room: each click
 * delayed, filtered (a one-pole low-pass for a small speaker), echoed twice, with noise.
 */
function recordRoom(clickTimes: readonly number[], startTime: number, room: Room): Recording {
  const random = seededRandom(room.seed ?? 1);
  const length = Math.round((clickTimes.at(-1)! - startTime + 1.2) * SR);
  const samples = new Float32Array(length);
  const click = clickWaveform(SR, room.gain ?? 0.3);
  const add = (at: number, gain: number) => {
    let y = 0;
    for (let i = 0; i < click.length + 200; i++) {
      y += 0.45 * ((click[i] ?? 0) - y); // one-pole low-pass
      const j = at + i;
      if (j >= 0 && j < length) samples[j]! += gain * y;
    }
  };
  clickTimes.forEach((t, k) => {
    if (room.silent?.includes(k)) return;
    const jitter = ((random() * 2 - 1) * (room.jitter ?? 0)) as number;
    const at = Math.round((t - startTime + room.latency + jitter) * SR);
    add(at, 1);
    add(at + Math.round(0.011 * SR), 0.5); // wall
    add(at + Math.round(0.027 * SR), 0.3); // ceiling
  });
  if (room.knockAt !== undefined) {
    const at = Math.round(room.knockAt * SR);
    for (let i = 0; i < 400; i++) samples[at + i]! += 0.6 * Math.exp(-i / 80) * (random() * 2 - 1);
  }
  const peak = (room.gain ?? 0.3) * 0.8;
  const noise = peak / 10 ** ((room.snrDb ?? 30) / 20);
  for (let i = 0; i < length; i++) samples[i]! += noise * (random() * 2 - 1) * Math.sqrt(3);
  return { samples, sampleRate: SR, startTime };
}

const startTime = 12.5; // the audio clock has been running a while
const clickTimes = loopbackClickOffsets(10).map((o) => startTime + 0.3 + o);

describe('findClickArrivals (issue 14 item 3: loopback latency)', () => {
  it.each([0.012, 0.0374, 0.143, 0.312, 0.55])(
    'issue 14.3: finds a %s s round trip through a small speaker and an echoing room within 1 ms',
    (latency) => {
      const found = findClickArrivals(recordRoom(clickTimes, startTime, { latency }), clickTimes);
      const result = summariseLatency(found.delays, 'loopback');
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(Math.abs(result.latencyMs - latency * 1000)).toBeLessThan(1);
      expect(result.sdMs).toBeLessThan(1);
      expect(result.used).toBe(10);
    },
  );

  it('issue 14.3: repeated calibrations agree within 5 ms standard deviation (noise 15 dB, buffer jitter ±2 ms)', () => {
    const results = Array.from({ length: 12 }, (_, seed) => {
      const found = findClickArrivals(
        recordRoom(clickTimes, startTime, {
          latency: 0.087,
          snrDb: 15,
          jitter: 0.002,
          seed: seed + 7,
        }),
        clickTimes,
      );
      const result = summariseLatency(found.delays, 'loopback');
      expect(result.ok).toBe(true);
      return result.ok ? result.latencyMs : NaN;
    });
    const mean = results.reduce((s, v) => s + v, 0) / results.length;
    const sd = Math.sqrt(results.reduce((s, v) => s + (v - mean) ** 2, 0) / (results.length - 1));
    expect(sd).toBeLessThan(5);
    expect(Math.abs(mean - 87)).toBeLessThan(2);
  });

  it('issue 14.3: a knock during one click does not move the result', () => {
    const knockAt = clickTimes[4]! - startTime + 0.087 - 0.004;
    const found = findClickArrivals(
      recordRoom(clickTimes, startTime, { latency: 0.087, knockAt }),
      clickTimes,
    );
    const result = summariseLatency(found.delays, 'loopback');
    expect(result.ok).toBe(true);
    if (result.ok) expect(Math.abs(result.latencyMs - 87)).toBeLessThan(1);
  });

  it('issue 14.3: a muted speaker is reported as not heard, never as a latency', () => {
    const silent = clickTimes.map((_, i) => i);
    const found = findClickArrivals(
      recordRoom(clickTimes, startTime, { latency: 0.05, silent }),
      clickTimes,
    );
    const result = summariseLatency(found.delays, 'loopback');
    expect(result).toMatchObject({ ok: false, reason: 'not-heard' });
  });

  it('issue 14.3: a few clicks lost still give the latency; too few do not', () => {
    const some = findClickArrivals(
      recordRoom(clickTimes, startTime, { latency: 0.2, silent: [1, 5, 8] }),
      clickTimes,
    );
    const ok = summariseLatency(some.delays, 'loopback');
    expect(ok).toMatchObject({ ok: true, used: 7 });
    const most = findClickArrivals(
      recordRoom(clickTimes, startTime, { latency: 0.2, silent: [0, 1, 2, 3, 5, 8] }),
      clickTimes,
    );
    expect(summariseLatency(most.delays, 'loopback')).toMatchObject({
      ok: false,
      reason: 'not-heard',
    });
  });
});
