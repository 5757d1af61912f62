/**
 * Real-pipe drones for tests and bench:pitch (issue 14 item 5): a bass and two tenors that
 * are not the app's (another timbre: brighter, odd partials stronger, their own phases),
 * each tuned off the chanter by its own few cents and drifting slowly as reeds warm — what
 * a microphone next to a piper hears. Deterministic for a given option set.
 */
import type { Hz } from '../../music/notes.ts';

export interface PipesDronesOptions {
  readonly sampleRate: number;
  /** The chanter's Low A; the bass sounds two octaves below, the tenors one. */
  readonly lowA: Hz;
  /** The whole set's tuning against Low A/4 (cents). */
  readonly offsetCents?: number;
  /** Drift: a slow sine of this many cents peak, period `driftSeconds`. */
  readonly driftCents?: number;
  readonly driftSeconds?: number;
  /** How far apart (cents) the tenors sit from the bass's octave; default −2.5 and +1.5. */
  readonly tenorCents?: readonly [number, number];
}

export function pipesDrones(length: number, options: PipesDronesOptions): Float32Array {
  const { sampleRate, lowA, offsetCents = 0, driftCents = 3, driftSeconds = 30 } = options;
  const [t1, t2] = options.tenorCents ?? [-2.5, 1.5];
  const out = new Float32Array(length);
  // Tenors a couple of cents apart from each other and the bass: tuned by ear, not by meter.
  const voices = [
    { hz: lowA / 4, cents: offsetCents, level: 1, drift: 1 },
    { hz: lowA / 2, cents: offsetCents + t1, level: 0.6, drift: 0.8 },
    { hz: lowA / 2, cents: offsetCents + t2, level: 0.6, drift: 1.2 },
  ];
  for (const [v, voice] of voices.entries()) {
    const partials = Math.floor(Math.min(6000, sampleRate / 2 - 1) / (voice.hz * 1.05));
    const amplitude = Array.from(
      { length: partials },
      (_, i) => (1 / Math.sqrt(i + 1)) * ((i + 1) % 2 ? 1 : 0.75),
    );
    const offsets = amplitude.map((_, i) => ((i + 1) * (i + 1) * 0.37 + v * 0.21) % 1);
    let phase = 0;
    for (let n = 0; n < length; n++) {
      const drift =
        voice.drift * driftCents * Math.sin((2 * Math.PI * n) / (driftSeconds * sampleRate));
      phase += (voice.hz * 2 ** ((voice.cents + drift) / 1200)) / sampleRate;
      phase -= Math.floor(phase);
      let x = 0;
      for (let k = 0; k < partials; k++)
        x += amplitude[k]! * Math.sin(2 * Math.PI * ((k + 1) * phase + offsets[k]!));
      out[n]! += voice.level * x;
    }
  }
  return out;
}
