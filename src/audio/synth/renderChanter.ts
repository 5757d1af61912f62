/**
 * The app's chanter voice rendered offline to samples (issue 14 items 6 and 7: performances
 * to judge without a browser). Same waveform as the Web Audio voice (./chanterVoice.ts
 * `chanterWaveCoefficients`), same behaviour: one phase-continuous oscillator for a whole
 * run of notes (a chanter never stops between notes; a pitch change keeps the phase, as
 * setValueAtTime on an oscillator does), the ATTACK and RELEASE envelope at each start and
 * stop, and silence only where there is a gap between notes (a written rest).
 *
 * Each pitch gets its own one-period wavetable holding only the partials below Nyquist, as
 * Web Audio band-limits a PeriodicWave per pitch.
 */
import type { Hz } from '../../music/notes.ts';
import { ATTACK, DEFAULT_GAIN, RELEASE, chanterWaveCoefficients } from './chanterVoice.ts';

export interface RenderedNote {
  readonly hz: Hz;
  /** Seconds from the start of the output. */
  readonly onset: number;
  readonly duration: number;
}

const TABLE = 2048;

function tableFor(hz: Hz, sampleRate: number): Float32Array {
  const { real, imag } = chanterWaveCoefficients();
  const table = new Float32Array(TABLE + 1);
  let peak = 0;
  for (let i = 0; i <= TABLE; i++) {
    const x = (2 * Math.PI * i) / TABLE;
    let v = 0;
    for (let k = 1; k < real.length && k * hz < sampleRate / 2; k++) {
      v += real[k]! * Math.cos(k * x) - imag[k]! * Math.sin(k * x);
    }
    table[i] = v;
    peak = Math.max(peak, Math.abs(v));
  }
  // Web Audio normalises a PeriodicWave to a peak of 1.
  if (peak > 0) for (let i = 0; i <= TABLE; i++) table[i]! /= peak;
  return table;
}

/** Samples of `notes` (sorted by onset) played on the chanter voice, `seconds` long. */
export function renderChanter(
  notes: readonly RenderedNote[],
  options: { sampleRate: number; seconds?: number; gain?: number },
): Float32Array {
  const { sampleRate } = options;
  const gain = options.gain ?? DEFAULT_GAIN;
  const last = notes.at(-1);
  const seconds = options.seconds ?? (last ? last.onset + last.duration + RELEASE : 0);
  const out = new Float32Array(Math.ceil(seconds * sampleRate));
  const tables = new Map<Hz, Float32Array>();
  let phase = 0;
  for (let i = 0; i < notes.length; i++) {
    const note = notes[i]!;
    const table = tables.get(note.hz) ?? tableFor(note.hz, sampleRate);
    tables.set(note.hz, table);
    const previous = notes[i - 1];
    const next = notes[i + 1];
    const joinedBefore = previous && previous.onset + previous.duration >= note.onset - 1e-6;
    const joinedAfter = next && note.onset + note.duration >= next.onset - 1e-6;
    if (!joinedBefore) phase = 0;
    const from = Math.round(note.onset * sampleRate);
    const to = Math.min(out.length, Math.round((note.onset + note.duration) * sampleRate));
    const end = joinedAfter ? to : Math.min(out.length, to + Math.round(RELEASE * sampleRate));
    const step = (note.hz * TABLE) / sampleRate;
    for (let n = from; n < end; n++) {
      const t = (n - from) / sampleRate;
      let level = gain;
      if (!joinedBefore && t < ATTACK) level *= t / ATTACK;
      if (!joinedAfter && n >= to) level *= 1 - (n - to) / (RELEASE * sampleRate);
      const at = phase | 0;
      const frac = phase - at;
      out[n]! += level * (table[at]! + frac * (table[at + 1]! - table[at]!));
      phase += step;
      if (phase >= TABLE) phase -= TABLE;
    }
  }
  return out;
}
