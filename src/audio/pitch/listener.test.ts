import { describe, expect, it } from 'vitest';
import { STANDARD_CHANTER, customChanter, shiftCents } from '../../music/chanter.ts';
import { pitches, type Pitch } from '../../music/notes.ts';
import { DroneVoice } from '../drones/droneVoice.ts';
import { roomLeak } from './evaluation/testSet.ts';
import { pipesDrones } from '../drones/pipesDrones.ts';
import { droneChanter } from '../../music/tunerReference.ts';
import { ChanterListener, searchRange, windowSizeFor } from './listener.ts';
import { REEDY, atDecibelsBelow, harmonicTone, mix } from './testSignals.ts';

const RATE = 48000;

/** One second of drones alone, then `hz` for half a second, drones still sounding. */
function withDrones(hz: number, droneDb: number, bright: boolean) {
  const lead = RATE;
  const tone = harmonicTone(hz, RATE, RATE / 2, REEDY);
  const chanter = new Float32Array(lead + tone.length);
  chanter.set(tone, lead);
  const voice = new DroneVoice({ sampleRate: RATE, lowA: 480, maxPartialHz: bright ? 8000 : 4000 });
  let drone = voice.render(new Float32Array(chanter.length));
  if (!bright) drone = roomLeak(drone, RATE);
  return mix(chanter, atDecibelsBelow(tone, drone, -droneDb));
}

function notesHeard(listener: ChanterListener, mic: Float32Array, from: number) {
  const heard: (Pitch | null)[] = [];
  for (let at = 0; at < mic.length; at += 128) {
    listener.process(mic.subarray(at, at + 128), (frame) => {
      if (frame.time >= from) heard.push(frame.state.note?.pitch ?? null);
    });
  }
  return heard;
}

describe('ChanterListener (R-1.USERS-01 with the app drones on)', () => {
  it.each(pitches.map((p, i) => [p, i] as const))(
    'hears %s through drones 6 dB LOUDER than the chanter once it has cancelled them',
    (pitch, i) => {
      const hz = shiftCents(STANDARD_CHANTER.frequencies[i]!, 0);
      const mic = withDrones(hz, 6, true);
      const from = (RATE + 600) / RATE; // once a whole window holds the note
      const cancelled = new ChanterListener({
        sampleRate: RATE,
        chanter: STANDARD_CHANTER,
        droneHz: 120,
      });
      expect(new Set(notesHeard(cancelled, mic, from))).toEqual(new Set([pitch]));
    },
  );

  it('without cancellation the same drones make it lose notes', () => {
    let wrong = 0;
    STANDARD_CHANTER.frequencies.forEach((hz, i) => {
      const raw = new ChanterListener({ sampleRate: RATE, chanter: STANDARD_CHANTER });
      wrong += notesHeard(raw, withDrones(hz, 6, true), 1.02).filter(
        (p) => p !== pitches[i],
      ).length;
    });
    expect(wrong).toBeGreaterThan(100);
  });

  it('keeps hearing F and High G (85 cents apart) through a −6 dB room leak', () => {
    for (const [hz, pitch] of [
      [shiftCents(800, 25), 'F'],
      [shiftCents(840, -25), 'HG'],
    ] as const) {
      const listener = new ChanterListener({
        sampleRate: RATE,
        chanter: STANDARD_CHANTER,
        droneHz: 120,
      });
      expect(new Set(notesHeard(listener, withDrones(hz, -6, false), 1.02))).toEqual(
        new Set([pitch]),
      );
    }
  });

  it('widens its search for a calibrated chanter pitched below the usual range', () => {
    expect(searchRange(STANDARD_CHANTER)).toEqual({ minHz: 380, maxHz: 1100 });
    const flat = customChanter(
      'Flat',
      'flat',
      STANDARD_CHANTER.frequencies.map((f) => shiftCents(f, -250)),
    );
    const listener = new ChanterListener({ sampleRate: RATE, chanter: flat });
    const lowG = flat.frequencies[0]!; // ~369 Hz, below the default 380 Hz
    const heard = notesHeard(listener, harmonicTone(lowG, RATE, RATE / 4, REEDY), 0.02);
    expect(new Set(heard)).toEqual(new Set(['LG']));
  });

  it('reports silence while only the drones sound', () => {
    const listener = new ChanterListener({
      sampleRate: RATE,
      chanter: STANDARD_CHANTER,
      droneHz: 120,
    });
    const heard = notesHeard(listener, withDrones(480, -6, false).subarray(0, RATE), 0.1);
    expect(heard.filter((p) => p !== null)).toEqual([]);
  });
});

describe('drone range (tuner drone mode)', () => {
  it('hears the drones at the bass frequency, and a tenor alone an octave up', () => {
    const sampleRate = 48000;
    const drones = droneChanter(480);
    expect(searchRange(drones).maxHz).toBeLessThan(300);
    expect(windowSizeFor(searchRange(drones).minHz, sampleRate)).toBe(2048);
    expect(windowSizeFor(searchRange(STANDARD_CHANTER).minHz, sampleRate)).toBe(512);
    const heard = (signal: Float32Array) => {
      const listener = new ChanterListener({ sampleRate, chanter: drones });
      const hz: number[] = [];
      listener.process(signal, (f) => {
        if (f.state.note) hz.push(f.state.note.hz);
      });
      return hz.at(-1);
    };
    // All three drones: one waveform at the bass frequency (droneVoice.ts).
    const all = new DroneVoice({ sampleRate, lowA: 482 }).render(new Float32Array(sampleRate));
    expect(heard(all)).toBeCloseTo(120.5, 0);
    // A tenor alone: a reed-like tone at 241 Hz.
    const tenor = new Float32Array(sampleRate).map((_, i) =>
      [1, 0.6, 0.4, 0.3].reduce(
        (v, a, k) => v + 0.2 * a * Math.sin((2 * Math.PI * 241 * (k + 1) * i) / sampleRate),
        0,
      ),
    );
    expect(heard(tenor)).toBeCloseTo(241, 0);
  });
});

describe("ChanterListener 'Pipes' input (issue 14 item 5: real drones, not the app's)", () => {
  /** A line of chanter notes (0.3 s each) over the pipes' drones, `droneDb` against it. */
  function onPipes(droneDb: number, offsetCents: number) {
    const line = [1, 4, 6, 2, 8, 5, 3, 7, 0, 6, 1, 4];
    const per = Math.round(0.3 * RATE);
    const chanter = new Float32Array(per * line.length);
    line.forEach((n, i) =>
      chanter.set(harmonicTone(STANDARD_CHANTER.frequencies[n]!, RATE, per, REEDY), i * per),
    );
    const drones = roomLeak(
      pipesDrones(chanter.length, {
        sampleRate: RATE,
        lowA: STANDARD_CHANTER.frequencies[1]!,
        offsetCents,
      }),
      RATE,
    );
    return { mic: mix(chanter, atDecibelsBelow(chanter, drones, -droneDb)), line, per };
  }

  /** Frames whose note is wrong, from 40 ms into each note (a whole window holds it). */
  function wrongFrames(pipes: boolean, droneDb: number, offsetCents: number) {
    const { mic, line, per } = onPipes(droneDb, offsetCents);
    const listener = new ChanterListener({ sampleRate: RATE, chanter: STANDARD_CHANTER, pipes });
    let wrong = 0;
    let counted = 0;
    for (let at = 0; at < mic.length; at += 128) {
      listener.process(mic.subarray(at, at + 128), (frame) => {
        const sample = frame.time * RATE;
        const index = Math.floor(sample / per);
        if (index < 2 || index >= line.length || sample - index * per < 0.04 * RATE) return;
        counted++;
        if (frame.state.note?.pitch !== pitches[line[index]!]) wrong++;
      });
    }
    return wrong / counted;
  }

  it.each([-12, 0, 12])(
    'issue 14.5: with drones as loud as the chanter, tuned %s cents off, Pipes input names ≥ 95 % of frames right',
    (offsetCents) => {
      expect(wrongFrames(true, 0, offsetCents)).toBeLessThan(0.05);
    },
  );

  it('issue 14.5: the same drones make Chanter input (no drone removal) lose notes', () => {
    expect(wrongFrames(false, 0, 12)).toBeGreaterThan(0.1);
  });

  it('issue 14.5: the listener reports the drone pitch it follows', () => {
    const { mic } = onPipes(-6, 10);
    const listener = new ChanterListener({
      sampleRate: RATE,
      chanter: STANDARD_CHANTER,
      pipes: true,
    });
    expect(
      new ChanterListener({ sampleRate: RATE, chanter: STANDARD_CHANTER }).pipesDroneHz,
    ).toBeNull();
    for (let at = 0; at < mic.length; at += 128)
      listener.process(mic.subarray(at, at + 128), () => undefined);
    // pipesDrones drifts ±3 cents over 30 s: where the bass is at the end of the line.
    const seconds = mic.length / RATE;
    const cents = 10 + 3 * Math.sin((2 * Math.PI * seconds) / 30);
    const expected = (STANDARD_CHANTER.frequencies[1]! / 4) * 2 ** (cents / 1200);
    expect(Math.abs(1200 * Math.log2(listener.pipesDroneHz! / expected))).toBeLessThan(1);
  });
});
