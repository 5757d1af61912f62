/**
 * Tap-along, the fallback when the microphone cannot hear the speaker (headphones, a quiet
 * phone): the piper plays a short note on every click and the delay is how late the notes
 * arrive. It measures the same path a play-along note travels — sound out, the piper, the
 * microphone in — plus the piper's own habit of anticipating or trailing a beat, which is
 * exactly what judging should forgive too.
 *
 * Each click takes the nearest onset within half a beat; the first clicks are dropped while
 * the piper finds the pulse (issue 14 item 3).
 */
import type { Seconds } from '../../music/units.ts';

export const TAP_ALONG_WARM_UP = 3;

export function tapAlongDelays(
  clickTimes: readonly Seconds[],
  onsets: readonly Seconds[],
  warmUp = TAP_ALONG_WARM_UP,
): (Seconds | null)[] {
  const gap =
    clickTimes.length > 1
      ? Math.min(...clickTimes.slice(1).map((t, i) => t - clickTimes[i]!))
      : Infinity;
  return clickTimes.slice(warmUp).map((click) => {
    let best: Seconds | null = null;
    for (const onset of onsets) {
      const delay = onset - click;
      if (Math.abs(delay) < gap / 2 && (best === null || Math.abs(delay) < Math.abs(best)))
        best = delay;
    }
    return best;
  });
}
