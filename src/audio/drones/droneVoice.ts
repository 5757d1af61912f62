/**
 * The app's drones as a pure signal generator: a bass two octaves below the chanter's Low A
 * and two tenors one octave below (issue 4 item 3; corpus README 'Facts about real pipes').
 *
 * Both tenors sound exactly twice the bass, so the whole drone sound is ONE periodic
 * waveform at the bass frequency (tenor partials are the bass's even harmonics). That is the
 * property the drone canceller relies on: knowing the bass frequency is knowing every
 * frequency the drones can put into the microphone. The waveform is rendered from a
 * one-period wavetable, so playing it costs the same whatever the number of partials.
 */
import type { Hz } from '../../music/units.ts';

export interface DroneOptions {
  readonly sampleRate: number;
  /** The chanter's Low A; the bass sounds at lowA / 4 and the tenors at lowA / 2. */
  readonly lowA: Hz;
  /** Relative level of each tenor against the bass. */
  readonly tenorLevel?: number;
  /** Partials above this are left out (a drone reed's useful brightness). */
  readonly maxPartialHz?: Hz;
}

const TABLE_SIZE = 4096;

/** Reed-like spectrum: every partial present, slowly falling (a buzzing cane or plastic reed). */
function partialLevel(k: number): number {
  return 1 / k ** 0.8;
}

export interface DronePartial {
  /** Harmonic number of the bass frequency. */
  readonly k: number;
  readonly amplitude: number;
  /** Phase in cycles (0…1): the partial is amplitude·sin(2π(k·f·t + phase)). */
  readonly phase: number;
}

/**
 * The drones' spectrum as partials of the bass: shared by this pure generator and the Web
 * Audio drones (src/audio/synth/drones.ts) so both sound the same waveform and the canceller's
 * model (partials of the bass only) holds for either.
 */
export function droneSpectrum(
  bassHz: Hz,
  options: { sampleRate?: number; tenorLevel?: number; maxPartialHz?: Hz } = {},
): DronePartial[] {
  const { sampleRate = 48000, tenorLevel = 0.7, maxPartialHz = 6000 } = options;
  const limit = Math.min(maxPartialHz, sampleRate / 2 - 1);
  const count = Math.floor(limit / bassHz);
  const partials: DronePartial[] = [];
  for (let k = 1; k <= count; k++) {
    // Fixed pseudo-random phases: a crest factor like real reeds, not a sawtooth spike.
    let amplitude = partialLevel(k);
    // The two tenors add to the even partials (their own partial k/2), in their own phase.
    if (k % 2 === 0) amplitude += 2 * tenorLevel * partialLevel(k / 2) * 0.5;
    partials.push({ k, amplitude, phase: (k * k * 0.618) % 1 });
  }
  return partials;
}

export class DroneVoice {
  readonly bassHz: Hz;
  private readonly table = new Float32Array(TABLE_SIZE + 1);
  private readonly step: number;
  private phase = 0;

  constructor(options: DroneOptions) {
    const { sampleRate, lowA, tenorLevel = 0.7, maxPartialHz = 6000 } = options;
    this.bassHz = lowA / 4;
    this.step = (this.bassHz / sampleRate) * TABLE_SIZE;
    for (const { k, amplitude, phase } of droneSpectrum(this.bassHz, {
      sampleRate,
      tenorLevel,
      maxPartialHz,
    })) {
      for (let i = 0; i <= TABLE_SIZE; i++) {
        this.table[i]! += amplitude * Math.sin(2 * Math.PI * (k * (i / TABLE_SIZE) + phase));
      }
    }
    let peak = 0;
    for (const v of this.table) peak = Math.max(peak, Math.abs(v));
    for (let i = 0; i <= TABLE_SIZE; i++) this.table[i]! *= 0.5 / peak;
  }

  /** Fill `out` with the next samples of the drone (peak level 0.5); phase continues. */
  render(out: Float32Array): Float32Array {
    const table = this.table;
    let phase = this.phase;
    for (let i = 0; i < out.length; i++) {
      const at = Math.floor(phase);
      const frac = phase - at;
      out[i] = table[at]! + frac * (table[at + 1]! - table[at]!);
      phase += this.step;
      if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
    }
    this.phase = phase;
    return out;
  }
}
