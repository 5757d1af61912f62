import { MAX_BPM, MIN_BPM, tuneBpm } from '../../../music/tune/performance.ts';
import type { Tune } from '../../../music/tune/tune.ts';
import type { RecentTune } from '../../storage/keys.ts';
import { tempoKey } from './tempoKey.ts';

/** The tempo the piper last chose for this tune, else the tune's own (issue 6 'Playback'). */
export function chosenTempo(
  tempos: Readonly<Record<string, number>>,
  ref: RecentTune,
  index: number,
  tune: Tune,
): number {
  const bpm = tempos[tempoKey(ref, index)];
  // A stored tempo outside the controls' range is not one the piper chose: ignore it.
  return bpm !== undefined && bpm >= MIN_BPM && bpm <= MAX_BPM ? Math.round(bpm) : tuneBpm(tune);
}
