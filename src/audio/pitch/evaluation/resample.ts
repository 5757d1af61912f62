/**
 * Reads a signal at a different speed with cubic (Catmull-Rom) interpolation: used to turn
 * concert-pitch corpus samples into chanter notes (change of pitch and of sample rate at
 * once). No anti-alias filter: callers only read at ≤ 1 input sample per output sample,
 * which `readAt` enforces.
 */
export function readAt(
  source: Float32Array,
  start: number,
  step: number,
  length: number,
): Float32Array {
  if (step > 1) throw new Error(`readAt would alias (step ${step.toFixed(3)} > 1).`);
  const out = new Float32Array(length);
  const last = source.length - 1;
  const at = (i: number) => source[Math.max(0, Math.min(last, i))]!;
  for (let n = 0; n < length; n++) {
    const position = start + n * step;
    const i = Math.floor(position);
    const t = position - i;
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    out[n] =
      p1 +
      0.5 * t * (p2 - p0 + t * (2 * p0 - 5 * p1 + 4 * p2 - p3 + t * (3 * (p1 - p2) + p3 - p0)));
  }
  return out;
}
