/**
 * Synthesises the metronome's two drum sounds (spec §7 'GET /sounds/{name}.wav (snare_drum or
 * bass_drum)', issue 5: 'make these sounds ourselves with a script in scripts/') and writes
 * them as 16-bit mono WAVs to public/sounds/. No recordings and no downloads: every sample is
 * computed here, from a seeded noise source, so a re-run writes the same bytes.
 *
 *   node --import tsx scripts/generate-drum-samples.ts
 *
 * Snare: a band-passed noise burst (the wires) over a short two-partial tonal body (the
 * shell), as in Gordon Reid's 'Synth Secrets: Practical Snare Drum Synthesis'
 * (https://www.soundonsound.com/techniques/practical-snare-drum-synthesis).
 * Bass drum: a sine swept down from 110 Hz to 48 Hz with an exponential decay, plus a click of
 * filtered noise for the beater ('Synth Secrets: Synthesising Bass Drums',
 * https://www.soundonsound.com/techniques/synthesizing-bass-drums).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeWav } from '../src/audio/wav/wav.ts';
import { seededRandom } from '../src/music/random.ts';

/** Each file must stay under this size (kept small for a phone on a slow connection). */
export const MAX_BYTES = 40 * 1024;

/** Seeded white noise in [-1, 1), so the noise (and the files) are reproducible. */
function noise(seed: number): () => number {
  const random = seededRandom(seed);
  return () => random() * 2 - 1;
}

/** An RBJ-cookbook band-pass biquad (constant 0 dB peak gain). */
function bandPass(input: Float32Array, rate: number, centre: number, q: number): Float32Array {
  const w = (2 * Math.PI * centre) / rate;
  const alpha = Math.sin(w) / (2 * q);
  const a0 = 1 + alpha;
  const b0 = alpha / a0;
  const b2 = -alpha / a0;
  const a1 = (-2 * Math.cos(w)) / a0;
  const a2 = (1 - alpha) / a0;
  const out = new Float32Array(input.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < input.length; i++) {
    const x = input[i]!;
    const y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    out[i] = y;
  }
  return out;
}

/** Scales to a peak of `peak` and fades the last `fade` seconds so the end does not click. */
function finish(samples: Float32Array, rate: number, peak = 0.89, fade = 0.02): Float32Array {
  let max = 0;
  for (const s of samples) max = Math.max(max, Math.abs(s));
  const scale = max > 0 ? peak / max : 0;
  const fadeFrames = Math.round(fade * rate);
  for (let i = 0; i < samples.length; i++) {
    const tail = samples.length - 1 - i;
    samples[i] = samples[i]! * scale * (tail < fadeFrames ? tail / fadeFrames : 1);
  }
  return samples;
}

export function snareDrum(rate = 44_100, seconds = 0.28): Float32Array {
  const n = Math.round(rate * seconds);
  const random = noise(0x5a4e);
  const raw = new Float32Array(n);
  for (let i = 0; i < n; i++) raw[i] = random();
  // The wires: noise around 5 kHz plus a brighter band, decaying over ~70 ms.
  const low = bandPass(raw, rate, 4_800, 0.8);
  const high = bandPass(raw, rate, 9_000, 1.2);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const wires = (low[i]! + 0.5 * high[i]!) * Math.exp(-t / 0.07);
    // The shell: two partials of a tuned snare, dropping slightly in pitch, gone in ~50 ms.
    const drop = 1 + 0.15 * Math.exp(-t / 0.01);
    const body =
      (Math.sin(2 * Math.PI * 185 * drop * t) + 0.6 * Math.sin(2 * Math.PI * 330 * drop * t)) *
      Math.exp(-t / 0.045);
    // A 1 ms attack ramp softens the very first sample.
    const attack = Math.min(1, t / 0.001);
    out[i] = attack * (1.6 * wires + 0.55 * body);
  }
  return finish(out, rate);
}

export function bassDrum(rate = 22_050, seconds = 0.5): Float32Array {
  const n = Math.round(rate * seconds);
  const random = noise(0xba55);
  const click = new Float32Array(n);
  for (let i = 0; i < n; i++) click[i] = random();
  const beater = bandPass(click, rate, 2_500, 0.7);
  const out = new Float32Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    // Pitch falls fast from 110 Hz to 48 Hz: the 'thump' of a big drum.
    const f = 48 + (110 - 48) * Math.exp(-t / 0.035);
    phase += (2 * Math.PI * f) / rate;
    const thump = Math.sin(phase) * Math.exp(-t / 0.16);
    const hit = beater[i]! * Math.exp(-t / 0.006);
    const attack = Math.min(1, t / 0.0015);
    // A little saturation thickens the low end on small speakers.
    out[i] = attack * Math.tanh(1.8 * thump + 0.5 * hit);
  }
  return finish(out, rate);
}

function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const dir = join(root, 'public', 'sounds');
  mkdirSync(dir, { recursive: true });
  const files: Array<[string, Float32Array, number]> = [
    ['snare_drum.wav', snareDrum(44_100), 44_100],
    ['bass_drum.wav', bassDrum(22_050), 22_050],
  ];
  for (const [name, samples, rate] of files) {
    const bytes = encodeWav([samples], rate, 'pcm16');
    if (bytes.length > MAX_BYTES) {
      throw new Error(`${name} is ${bytes.length} bytes, over the ${MAX_BYTES}-byte budget`);
    }
    writeFileSync(join(dir, name), bytes);
    console.log(`${name}: ${(samples.length / rate).toFixed(2)} s, ${rate} Hz, ${bytes.length} B`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
