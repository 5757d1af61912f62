import { describe, expect, it } from 'vitest';
import { STANDARD_CHANTER } from '../../../music/chanter.ts';
import { REEDY, harmonicTone } from '../testSignals.ts';
import { ChanterListener, type ListenerFrame } from '../listener.ts';
import { READING_INTERVAL, ReadingGate, detectionDelay, type ReadingMessage } from './messages.ts';

describe('ReadingGate (worklet → main thread)', () => {
  it('R-1.USERS-01 turns a played Low A into a few readings a second, steady after 0.5 s', () => {
    const sampleRate = 48_000;
    const listener = new ChanterListener({ sampleRate, chanter: STANDARD_CHANTER });
    const gate = new ReadingGate();
    const messages: ReadingMessage[] = [];
    const frames: ListenerFrame[] = [];
    const signal = harmonicTone(486, sampleRate, sampleRate, REEDY);
    for (let at = 0; at < signal.length; at += 128) {
      listener.process(signal.subarray(at, at + 128), (frame) => {
        frames.push(frame);
        const m = gate.next(frame);
        if (m) messages.push(m);
      });
    }
    expect(messages.length).toBeLessThan(frames.length / 4);
    expect(messages.length).toBeGreaterThan(1 / READING_INTERVAL / 2);
    const last = messages.at(-1)!;
    expect(last.note).toBe('LA');
    expect(last.cents).toBeCloseTo(1200 * Math.log2(486 / 480), 0);
    expect(last.steady).toBe(true);
    expect(messages.find((m) => m.note === 'LA')!.steady).toBe(false);
  });

  it('issue 14.1: stamps readings on the audio clock, less the detector delay', () => {
    const gate = new ReadingGate();
    const frame: ListenerFrame = {
      time: 0.5,
      estimate: { hz: 480, clarity: 0.9 },
      state: { note: null, history: [] },
    };
    const delay = detectionDelay(512, 48_000);
    expect(delay * 1000).toBeCloseTo(8.53, 2);
    expect(gate.next(frame, 100 - delay)!.time).toBeCloseTo(100.5 - delay, 9);
  });
});
