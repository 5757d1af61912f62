import { describe, expect, it } from 'vitest';
import { STANDARD_CHANTER } from '../../music/chanter.ts';
import { renderChanter } from '../synth/renderChanter.ts';
import {
  DETECTION_DELAY,
  eventsFromFrames,
  noteEventsOffline,
  type Frame,
} from './noteEventsOffline.ts';

const hop = 128 / 48000;
/** Frames from runs of [note, frame count]. */
function frames(runs: [Frame['note'], number][]): Frame[] {
  const out: Frame[] = [];
  for (const [note, count] of runs) {
    for (let i = 0; i < count; i++) out.push({ time: (out.length + 1) * hop, note });
  }
  return out;
}

describe('offline note events (issue 14.6)', () => {
  it('issue 14.6: runs of one note become events; grace-length runs are kept, artefacts joined', () => {
    // A 1-frame D between two Cs (a window straddling a crossing) is not a note: one C.
    // An 11-frame (29 ms) High G is a grace note and stays.
    const events = eventsFromFrames(
      frames([
        [null, 5],
        ['C', 40],
        ['D', 1],
        ['C', 30],
        ['HG', 11],
        ['LA', 60],
        [null, 10],
      ]),
    );
    expect(events.map((e) => e.note)).toEqual(['C', 'HG', 'LA']);
    expect(events[0]!.onset).toBeCloseTo(6 * hop - DETECTION_DELAY, 9);
    expect(events[0]!.duration).toBeCloseTo(71 * hop, 9);
    expect(events[1]!.duration).toBeCloseTo(11 * hop, 9);
  });

  it('issue 14.6: the chanter voice through the listening path: a 30 ms grace note is heard, onsets within 5 ms', () => {
    const [lg, la, , , , , , hg] = STANDARD_CHANTER.frequencies as number[];
    const notes = [
      { hz: la!, onset: 0.3, duration: 0.4 },
      { hz: hg!, onset: 0.7, duration: 0.03 },
      { hz: lg!, onset: 0.73, duration: 0.4 },
    ];
    const samples = renderChanter(notes, { sampleRate: 48000, seconds: 1.4 });
    const heard = noteEventsOffline(samples, 48000, STANDARD_CHANTER);
    expect(heard.map((e) => e.note)).toEqual(['LA', 'HG', 'LG']);
    heard.forEach((e, i) => expect(Math.abs(e.onset - notes[i]!.onset)).toBeLessThan(0.005));
    expect(Math.abs(heard[1]!.duration - 0.03)).toBeLessThan(0.006);
  });
});
