import { describe, expect, it } from 'vitest';
import { DEFAULT_DETECTION_SETTINGS, STANDARD_CHANTER } from '../../music/chanter.ts';
import { HZ_SMOOTHING, NoteTracker } from './noteTracker.ts';

const clear = (hz: number) => ({ hz, clarity: 0.9 });

describe('NoteTracker (R-3.DETECT-01 detection settings)', () => {
  it('with the defaults, reports a note from the first clear estimate', () => {
    const tracker = new NoteTracker(STANDARD_CHANTER);
    const state = tracker.push(clear(482), 0.01);
    expect(state.note).toMatchObject({ pitch: 'LA', hz: 482, since: 0.01 });
    expect(state.note?.cents).toBeCloseTo(7.2, 1);
  });

  it('reports the median Hz of the note so far, restarting at each new note', () => {
    const tracker = new NoteTracker(STANDARD_CHANTER);
    [600, 606, 601, 599, 615].forEach((hz, i) => tracker.push(clear(hz), i));
    // 615 Hz is still C (below the C–D midpoint, ~620 Hz), an outlier the median ignores.
    expect(tracker.snapshot.note).toMatchObject({ pitch: 'C', hz: 601 });
    expect(tracker.snapshot.note?.cents).toBeCloseTo(2.88, 1);
    for (let i = 0; i < HZ_SMOOTHING; i++) tracker.push(clear(603), 10 + i);
    expect(tracker.snapshot.note?.hz).toBe(603);
    tracker.push(clear(640), 50);
    expect(tracker.snapshot.note).toMatchObject({ pitch: 'D', hz: 640 });
  });

  it('treats estimates under the clarity threshold as silence', () => {
    const tracker = new NoteTracker(STANDARD_CHANTER);
    tracker.push(clear(600), 0);
    expect(tracker.push({ hz: 600, clarity: 0.19 }, 0.01).note).toBeNull();
    expect(tracker.push({ hz: 600, clarity: 0.2 }, 0.02).note?.pitch).toBe('C');
  });

  it('waits for requiredConsecutiveMatches agreeing estimates', () => {
    const tracker = new NoteTracker(STANDARD_CHANTER, {
      ...DEFAULT_DETECTION_SETTINGS,
      requiredConsecutiveMatches: 3,
    });
    expect(tracker.push(clear(640), 0).note).toBeNull();
    expect(tracker.push(clear(720), 1).note).toBeNull();
    expect(tracker.push(clear(720), 2).note).toBeNull();
    expect(tracker.push(clear(720), 3).note?.pitch).toBe('E');
    // A single stray estimate does not interrupt the note.
    expect(tracker.push(clear(800), 4).note?.pitch).toBe('E');
    expect(tracker.push(clear(720), 5).note).toMatchObject({ pitch: 'E', since: 3 });
  });

  it('keeps the last maxHistory notes, newest first, one entry per onset', () => {
    const tracker = new NoteTracker(STANDARD_CHANTER);
    const played = [426, 426, 480, 540, 600, 640, 720, 720, 480];
    played.forEach((hz, i) => tracker.push(clear(hz), i));
    expect(tracker.snapshot.history.map((n) => n.pitch)).toEqual(['LA', 'E', 'D', 'C', 'B']);
  });

  it('counts a note again after silence, and follows a new chanter', () => {
    const tracker = new NoteTracker(STANDARD_CHANTER);
    tracker.push(clear(480), 0);
    tracker.push({ hz: 0, clarity: 0 }, 1);
    tracker.push(clear(480), 2);
    expect(tracker.snapshot.history.map((n) => n.since)).toEqual([2, 0]);
    tracker.setChanter({
      ...STANDARD_CHANTER,
      id: 'x',
      frequencies: [400, 450, 500, 560, 600, 680, 750, 790, 900],
    });
    expect(tracker.snapshot.history).toEqual([]);
    expect(tracker.push(clear(450), 3).note?.pitch).toBe('LA');
  });
});
