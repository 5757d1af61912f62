import { describe, expect, it } from 'vitest';
import { STANDARD_CHANTER } from '../../../music/chanter.ts';
import { REEDY, harmonicTone } from '../testSignals.ts';
import { ChanterListener, type ListenerFrame } from '../listener.ts';
import { READING_INTERVAL, ReadingGate, type ReadingMessage } from './messages.ts';

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
});
