import { useMemo } from 'react';
import { performTune, type Performance } from '../../../music/tune/performance.ts';
import type { Tune } from '../../../music/tune/tune.ts';
import type { PlaybackSettings } from './PlaybackControls.tsx';

/**
 * The performance the player plays for a tune under the playback controls' settings (tempo, the
 * looped part if the tune has it, grace notes on or before the beat): one rule for Sheet Music,
 * the AI Composer and Music Recognition.
 */
export function usePlaybackPerformance(tune: Tune, settings: PlaybackSettings): Performance;
export function usePlaybackPerformance(
  tune: Tune | null,
  settings: PlaybackSettings,
): Performance | null;
export function usePlaybackPerformance(
  tune: Tune | null,
  settings: PlaybackSettings,
): Performance | null {
  return useMemo(
    () =>
      tune
        ? performTune(tune, {
            bpm: settings.bpm,
            part:
              settings.loopPart !== null && settings.loopPart < tune.parts.length
                ? settings.loopPart
                : null,
            graceAnchor: settings.graceAnchor,
          })
        : null,
    [tune, settings.bpm, settings.loopPart, settings.graceAnchor],
  );
}
