import { describe, expect, it } from 'vitest';
import { STANDARD_CHANTER } from '../../music/chanter.ts';
import { REEDY, harmonicTone, rms } from '../pitch/testSignals.ts';
import { PipesDroneCanceller } from './pipesDroneCanceller.ts';
import { pipesDrones } from './pipesDrones.ts';

const SR = 48000;
const lowA = STANDARD_CHANTER.frequencies[1]!;
const cents = (a: number, b: number) => 1200 * Math.log2(a / b);

/** Chanter notes (index into the chanter) of `seconds` each, one after another. */
function chanterLine(
  indices: readonly number[],
  seconds: number,
): { signal: Float32Array; hz: number[] } {
  const per = Math.round(seconds * SR);
  const signal = new Float32Array(per * indices.length);
  const hz: number[] = [];
  indices.forEach((index, i) => {
    const f = STANDARD_CHANTER.frequencies[index]!;
    signal.set(harmonicTone(f, SR, per, REEDY), i * per);
    hz.push(f);
  });
  return { signal, hz };
}

function run(
  canceller: PipesDroneCanceller,
  mic: Float32Array,
  noteAt: (sample: number) => number | null,
): Float32Array {
  const out = new Float32Array(mic.length);
  for (let at = 0; at < mic.length; at += 128) {
    canceller.setChanterNote(noteAt(at));
    canceller.process(mic.subarray(at, at + 128), out.subarray(at, at + 128));
  }
  return out;
}

describe('PipesDroneCanceller (issue 14 item 5: real drones on the pipes)', () => {
  it.each([-15, 0, 12])(
    'issue 14.5: follows drones tuned %s cents off Low A/4 to within 1 cent while the chanter plays',
    (offsetCents) => {
      const seconds = 4;
      const { signal, hz } = chanterLine([1, 4, 6, 2, 8, 5, 3, 7], 0.5);
      const drones = pipesDrones(signal.length, {
        sampleRate: SR,
        lowA,
        offsetCents,
        driftCents: 0,
      });
      const gain = rms(signal) / rms(drones);
      const mic = signal.map((v, i) => v + gain * drones[i]!);
      const canceller = new PipesDroneCanceller({ sampleRate: SR, expectedBassHz: lowA / 4 });
      run(canceller, mic, (at) => hz[Math.floor(at / (0.5 * SR))] ?? null);
      expect(signal.length / SR).toBe(seconds);
      expect(
        Math.abs(cents(canceller.droneHz, (lowA / 4) * 2 ** (offsetCents / 1200))),
      ).toBeLessThan(1);
    },
  );

  it('issue 14.5: removes most of the drones (≥ 12 dB) at 0 dB under a moving chanter line, tenors in tune with the bass', () => {
    const { signal, hz } = chanterLine([1, 4, 6, 2, 8, 5, 3, 7, 4, 0, 1, 6], 0.4);
    const drones = pipesDrones(signal.length, {
      sampleRate: SR,
      lowA,
      offsetCents: 9,
      driftCents: 0,
      tenorCents: [0, 0],
    });
    const gain = rms(signal) / rms(drones);
    const leak = drones.map((v) => v * gain);
    const mic = signal.map((v, i) => v + leak[i]!);
    const canceller = new PipesDroneCanceller({ sampleRate: SR, expectedBassHz: lowA / 4 });
    const out = run(canceller, mic, (at) => hz[Math.floor(at / (0.4 * SR))] ?? null);
    // After two seconds of learning: what is left of the drones in the output.
    const from = 2 * SR;
    const residual = out.subarray(from).map((v, i) => v - signal[from + i]!);
    const reduction = 20 * Math.log10(rms(leak.subarray(from)) / rms(residual));
    expect(reduction).toBeGreaterThan(12);
  });

  it('issue 14.5: drones alone, drifting with tenors a little apart, are cut by 12 dB', () => {
    const length = 6 * SR;
    const drones = pipesDrones(length, {
      sampleRate: SR,
      lowA,
      offsetCents: -8,
      driftCents: 3,
      driftSeconds: 60,
      tenorCents: [0, 0],
    });
    const canceller = new PipesDroneCanceller({ sampleRate: SR, expectedBassHz: lowA / 4 });
    const out = run(canceller, drones, () => null);
    const from = 3 * SR;
    expect(20 * Math.log10(rms(drones.subarray(from)) / rms(out.subarray(from)))).toBeGreaterThan(
      12,
    );
  });

  it("issue 14.5: a held Low A on the bass drone's 4th partial is not cancelled away", () => {
    const { signal, hz } = chanterLine([4, 6, 1, 1, 1, 1], 0.5); // D, F, then Low A held 2 s
    const drones = pipesDrones(signal.length, { sampleRate: SR, lowA, driftCents: 0 });
    const gain = (rms(signal) / rms(drones)) * 0.5;
    const mic = signal.map((v, i) => v + gain * drones[i]!);
    const canceller = new PipesDroneCanceller({ sampleRate: SR, expectedBassHz: lowA / 4 });
    const out = run(canceller, mic, (at) => hz[Math.floor(at / (0.5 * SR))] ?? null);
    const lastHalfSecond = signal.length - SR / 2;
    const kept = rms(out.subarray(lastHalfSecond)) / rms(signal.subarray(lastHalfSecond));
    expect(kept).toBeGreaterThan(0.8);
  });
});
