import { describe, expect, it } from 'vitest';
import { roomLeak } from '../pitch/evaluation/testSet.ts';
import { REEDY, harmonicTone, mix, rms } from '../pitch/testSignals.ts';
import { DroneCanceller } from './droneCanceller.ts';
import { DroneVoice } from './droneVoice.ts';

const RATE = 48000;

function leak(seconds: number, lowA = 480, level = 0.3) {
  const drone = new DroneVoice({ sampleRate: RATE, lowA, maxPartialHz: 4500 });
  return roomLeak(drone.render(new Float32Array(seconds * RATE)), RATE).map((v) => v * level);
}

const decibels = (a: number, b: number) => 20 * Math.log10(a / b);

describe('DroneCanceller (issue 4: drones without deafness)', () => {
  it('learns a leak delayed by far more than a drone period, from the bass frequency only', () => {
    const input = leak(2);
    const out = new Float32Array(input.length);
    new DroneCanceller({ sampleRate: RATE, fundamental: 120 }).process(input, out);
    const lastHalfSecond = (x: Float32Array) => rms(x.subarray(1.5 * RATE));
    expect(decibels(lastHalfSecond(input), lastHalfSecond(out))).toBeGreaterThan(40);
  });

  it('gives the same result whatever the block size (the AudioWorklet uses 128)', () => {
    const input = leak(1);
    const whole = new Float32Array(input.length);
    new DroneCanceller({ sampleRate: RATE, fundamental: 120 }).process(input, whole);
    const blocks = new Float32Array(input.length);
    const canceller = new DroneCanceller({ sampleRate: RATE, fundamental: 120 });
    for (let at = 0; at < input.length; at += 128) {
      canceller.process(input.subarray(at, at + 128), blocks.subarray(at, at + 128));
    }
    for (let i = 0; i < input.length; i += 997) expect(blocks[i]).toBeCloseTo(whole[i]!, 5);
  });

  it('frozen after learning, keeps a Low A that sits exactly on the 4th drone partial', () => {
    const learn = leak(1.5);
    const canceller = new DroneCanceller({ sampleRate: RATE, fundamental: 120 });
    canceller.process(learn, new Float32Array(learn.length));
    // Continue the same drone and add a chanter Low A phase-locked to it.
    const drone = leak(2.5).subarray(1.5 * RATE);
    const lowA = harmonicTone(480, RATE, drone.length, REEDY).map((v) => v * 0.3);
    const out = new Float32Array(drone.length);
    canceller.process(mix(drone, lowA), out, 0);
    const error = out.map((v, i) => v - lowA[i]!);
    expect(decibels(rms(lowA), rms(error))).toBeGreaterThan(30);
  });

  it('adapting while the chanter plays would cancel that Low A: the reason for the gate', () => {
    const canceller = new DroneCanceller({ sampleRate: RATE, fundamental: 120 });
    const lowA = harmonicTone(480, RATE, 2 * RATE, REEDY);
    const out = new Float32Array(lowA.length);
    canceller.process(lowA, out, 1);
    expect(rms(out.subarray(RATE))).toBeLessThan(rms(lowA) / 100);
  });

  it('forgets on reset', () => {
    const input = leak(1);
    const canceller = new DroneCanceller({ sampleRate: RATE, fundamental: 120 });
    canceller.process(input, new Float32Array(input.length));
    canceller.reset();
    const out = new Float32Array(128);
    canceller.process(input.subarray(0, 128), out, 0);
    expect(Array.from(out)).toEqual(Array.from(input.subarray(0, 128)));
  });
});
