/**
 * Integer-factor downsampling with a windowed-sinc low-pass, for recordings above 48 kHz:
 * the detector's 512-sample window would hold too few periods of Low G at 96 or 192 kHz.
 */
export function decimationFactor(sampleRate: number, maxRate = 48000): number {
  return Math.max(1, Math.ceil(sampleRate / maxRate - 1e-9));
}

export function decimate(signal: Float32Array, factor: number): Float32Array {
  if (factor <= 1) return signal;
  // Cut-off a little below the new Nyquist; 16 taps per factor keeps the transition narrow.
  const half = 8 * factor;
  const cutoff = 0.45 / factor;
  const taps = new Float64Array(2 * half + 1);
  let sum = 0;
  for (let i = -half; i <= half; i++) {
    const sinc = i === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * i) / (Math.PI * i);
    const window = 0.54 + 0.46 * Math.cos((Math.PI * i) / half); // Hamming
    taps[i + half] = sinc * window;
    sum += sinc * window;
  }
  const out = new Float32Array(Math.floor(signal.length / factor));
  for (let n = 0; n < out.length; n++) {
    const center = n * factor;
    let acc = 0;
    for (let i = -half; i <= half; i++) {
      const j = center + i;
      if (j >= 0 && j < signal.length) acc += taps[i + half]! * signal[j]!;
    }
    out[n] = acc / sum;
  }
  return out;
}
