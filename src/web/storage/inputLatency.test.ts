import { describe, expect, it } from 'vitest';
import { keyDefOf, keys } from './keys.ts';
import { MAX_DEVICES, latencyFor, rememberLatency, type StoredLatency } from './inputLatency.ts';

const measured = (ms: number, measuredAt: number): StoredLatency => ({
  ms,
  sdMs: 1,
  method: 'loopback',
  measuredAt,
});

describe('input latency per microphone (issue 14 item 3)', () => {
  it('issue 14.3: each microphone keeps its own latency; no device chosen is the default', () => {
    let table = rememberLatency({}, 'usb-mic', measured(40, 1));
    table = rememberLatency(table, null, measured(120, 2));
    expect(latencyFor(table, 'usb-mic')?.ms).toBe(40);
    expect(latencyFor(table, '')?.ms).toBe(120);
    expect(latencyFor(table, 'headset')).toBeNull();
  });

  it('issue 14.3: a new measurement replaces the old one for that microphone', () => {
    const table = rememberLatency(rememberLatency({}, 'a', measured(40, 1)), 'a', measured(44, 2));
    expect(latencyFor(table, 'a')?.ms).toBe(44);
    expect(Object.keys(table)).toHaveLength(1);
  });

  it('issue 14.3: the table is bounded to the most recently measured microphones', () => {
    let table = {};
    for (let i = 0; i < MAX_DEVICES + 5; i++)
      table = rememberLatency(table, `mic-${i}`, measured(i, i));
    expect(Object.keys(table)).toHaveLength(MAX_DEVICES);
    expect(latencyFor(table, 'mic-0')).toBeNull();
    expect(latencyFor(table, `mic-${MAX_DEVICES + 4}`)).not.toBeNull();
  });

  it('issue 14.3: the stored record is a key of the settings table and refuses a bad shape', () => {
    const def = keyDefOf('input_latency_by_device');
    expect(def).toBe(keys.inputLatency);
    expect(def!.disposable).toBe(false);
    expect(def!.valid({ default: measured(10, 1) })).toBe(true);
    expect(def!.valid([])).toBe(false);
    // Entries are checked where read: a damaged one is 'not measured'.
    expect(latencyFor({ default: { ms: 'x' } } as never, null)).toBeNull();
  });
});
