import { describe, expect, it } from 'vitest';
import {
  asTimeSignature,
  clickAt,
  clicksPerMinute,
  DEFAULT_TIME_SIGNATURE,
  meterOf,
  timeSignatures,
} from './meter.ts';

const kinds = (ts: Parameters<typeof meterOf>[0], n: number) =>
  Array.from({ length: n }, (_, i) => clickAt(i, meterOf(ts)).kind);

describe('meter', () => {
  it('issue 22.2: offers 2/4, 3/4, 4/4, 6/8, 9/8 and 12/8, defaulting to 4/4', () => {
    expect(timeSignatures).toEqual(['2/4', '3/4', '4/4', '6/8', '9/8', '12/8']);
    expect(DEFAULT_TIME_SIGNATURE).toBe('4/4');
    expect(asTimeSignature('6/8')).toBe('6/8');
    expect(asTimeSignature('5/4')).toBe('4/4');
    expect(asTimeSignature(undefined)).toBe('4/4');
  });

  it('issue 22.2: compound time has the dotted-crotchet pulse: 6/8 = 2, 9/8 = 3, 12/8 = 4 beats', () => {
    expect(timeSignatures.map((ts) => meterOf(ts).beatsPerBar)).toEqual([2, 3, 4, 2, 3, 4]);
    expect(timeSignatures.map((ts) => meterOf(ts).clicksPerBeat)).toEqual([1, 1, 1, 3, 3, 3]);
    expect(timeSignatures.map((ts) => meterOf(ts).compound)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    // The BPM counts dotted crotchets: 100 of them a minute are 300 quavers.
    expect(clicksPerMinute(100, meterOf('6/8'))).toBe(300);
    expect(clicksPerMinute(100, meterOf('2/4'))).toBe(100);
  });

  it('issue 22.2: accents the first beat of every bar', () => {
    expect(kinds('2/4', 5)).toEqual(['accent', 'beat', 'accent', 'beat', 'accent']);
    expect(kinds('3/4', 7)).toEqual(['accent', 'beat', 'beat', 'accent', 'beat', 'beat', 'accent']);
    expect(kinds('4/4', 5)).toEqual(['accent', 'beat', 'beat', 'beat', 'accent']);
  });

  it('issue 22.2: in compound time the quavers between beats are subdivisions', () => {
    expect(kinds('6/8', 7)).toEqual(['accent', 'sub', 'sub', 'beat', 'sub', 'sub', 'accent']);
    expect(kinds('9/8', 10).filter((k) => k !== 'sub')).toEqual([
      'accent',
      'beat',
      'beat',
      'accent',
    ]);
    expect(clickAt(10, meterOf('12/8'))).toEqual({ kind: 'sub', beat: 3, beatInBar: 4 });
    expect(clickAt(12, meterOf('12/8'))).toEqual({ kind: 'accent', beat: 4, beatInBar: 1 });
  });
});
