/**
 * A recording's note events, offline (issue 14 items 6 and 7): samples → the listening path
 * of the app (./listener.ts: drone cancelling, detector, note tracker, one estimate per 128
 * samples, as the AudioWorklet runs it) → notes with onset and duration, grace notes kept.
 * The live app gets its events from the note-events controller; this is the same idea for
 * `npm run playalong` and `npm run bench:playalong`, kept small and deterministic.
 *
 * From frames to events: runs of one reported note; a run shorter than MIN_RUN_SECONDS is a
 * transition artefact (the analysis window straddling two notes), joined to what surrounds
 * it. Onsets are the first frame of a run minus DETECTION_DELAY: a frame is stamped at the
 * end of its 512-sample window, and a new note wins the window about halfway through it.
 */
import type { Chanter } from '../../music/chanter.ts';
import type { Pitch } from '../../music/notes.ts';
import type { PerformedEvent } from '../../music/playAlong/performedEvent.ts';
import { decimate, decimationFactor } from './decimate.ts';
import { ChanterListener } from './listener.ts';

/** Shorter runs are artefacts: grace notes last 25 ms and more (../../music/tune/graceTiming.ts). */
export const MIN_RUN_SECONDS = 0.008;
/** Measured on the chanter voice (bench/playalong.bench.ts prints the median onset error). */
export const DETECTION_DELAY = 0.007;
const HOP = 128;

export interface Frame {
  readonly time: number;
  readonly note: Pitch | null;
}

/** The listener's frames for a mono signal (decimated above 48 kHz, as detect.ts does). */
export function framesOf(
  input: Float32Array,
  inputRate: number,
  chanter: Chanter,
  options: { droneHz?: number | null } = {},
): Frame[] {
  const factor = decimationFactor(inputRate);
  const sampleRate = inputRate / factor;
  const samples = decimate(input, factor);
  const listener = new ChanterListener({ sampleRate, chanter, droneHz: options.droneHz ?? null });
  const frames: Frame[] = [];
  for (let at = 0; at < samples.length; at += HOP) {
    listener.process(samples.subarray(at, at + HOP), ({ time, state }) => {
      frames.push({ time, note: state.note?.pitch ?? null });
    });
  }
  return frames;
}

interface Run {
  note: Pitch | null;
  start: number;
  end: number;
}

/** Note events from frames (see the module comment). */
export function eventsFromFrames(frames: readonly Frame[]): PerformedEvent[] {
  const hop = frames.length > 1 ? frames[1]!.time - frames[0]!.time : 0;
  let runs: Run[] = [];
  for (const f of frames) {
    const last = runs.at(-1);
    if (last && last.note === f.note) last.end = f.time + hop;
    else runs.push({ note: f.note, start: f.time, end: f.time + hop });
  }
  // Short runs: joined into the run before (or after, at the start); neighbours of one pitch
  // that a short run separated become one run again.
  const merged: Run[] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    if (last && run.end - run.start < MIN_RUN_SECONDS) {
      last.end = run.end;
      continue;
    }
    if (last && last.note === run.note) last.end = run.end;
    else merged.push({ ...run });
  }
  runs = merged;
  return runs
    .filter((r): r is Run & { note: Pitch } => r.note !== null)
    .map((r) => ({
      onset: Math.max(0, r.start - DETECTION_DELAY),
      duration: r.end - r.start,
      note: r.note,
    }));
}

export function noteEventsOffline(
  input: Float32Array,
  inputRate: number,
  chanter: Chanter,
  options: { droneHz?: number | null } = {},
): PerformedEvent[] {
  return eventsFromFrames(framesOf(input, inputRate, chanter, options));
}
