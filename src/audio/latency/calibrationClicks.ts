/**
 * The clicks the latency calibration plays (issue 14 item 3). A short tone burst, not a
 * single-sample impulse: phone and laptop speakers reproduce little below 300 Hz or above
 * 8 kHz, and a burst centred at 2.5 kHz survives both the speaker and the microphone's
 * filtering, so its envelope can be found by demodulating at that one frequency.
 *
 * Loopback clicks come at irregular gaps: with a steady beat, a latency of one gap would
 * look exactly like no latency at all; irregular gaps make only the true delay line every
 * click up at once.
 */
import type { Seconds } from '../../music/units.ts';

export const CLICK_HZ = 2500;
export const CLICK_SECONDS: Seconds = 0.008;
/** The longest delay looked for: Bluetooth headsets reach 300 ms; 0.6 s leaves margin. */
export const MAX_LATENCY: Seconds = 0.6;

/** One click's samples: a Hann-windowed burst, peak `level`. */
export function clickWaveform(sampleRate: number, level = 0.8): Float32Array {
  const length = Math.round(CLICK_SECONDS * sampleRate);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const window = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (length - 1));
    out[i] = level * window * Math.sin((2 * Math.PI * CLICK_HZ * i) / sampleRate);
  }
  return out;
}

/**
 * Start times (seconds after the first click) of `count` loopback clicks: gaps of 0.45 to
 * 0.8 s in a fixed irregular pattern — longer than a room's echo, so one click's tail is
 * gone before the next, and different enough that no shift but the true one aligns them.
 */
export function loopbackClickOffsets(count = 10): Seconds[] {
  const gaps = [0.62, 0.47, 0.71, 0.53, 0.8, 0.45, 0.67, 0.58, 0.76, 0.5];
  const out: Seconds[] = [0];
  for (let i = 1; i < count; i++) out.push(out[i - 1]! + gaps[(i - 1) % gaps.length]!);
  return out;
}

/** Tap-along beats: a steady pulse (a piper cannot anticipate an irregular one). */
export function tapAlongClickOffsets(count = 12, bpm = 80): Seconds[] {
  return Array.from({ length: count }, (_, i) => (i * 60) / bpm);
}
