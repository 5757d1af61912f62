/** The piper's choices for a run (issue 14 item 4), as the screen holds them. */
import type { Difficulty } from '../../../music/playAlong/judgeWindows.ts';

export type LoopChoice =
  | { readonly kind: 'none' }
  | { readonly kind: 'part'; readonly part: number }
  | { readonly kind: 'bars'; readonly from: number; readonly to: number };

export interface PlayAlongSettings {
  readonly mode: 'play' | 'wait';
  readonly guide: 'voice' | 'metronome';
  /** Percent of the tune's tempo: 40–120 (issue 14 item 4). */
  readonly tempoPercent: number;
  readonly loop: LoopChoice;
  readonly drones: boolean;
  readonly difficulty: Difficulty;
  readonly startOnFirstNote: boolean;
}

export const MIN_TEMPO_PERCENT = 40;
export const MAX_TEMPO_PERCENT = 120;

export const defaultSettings: PlayAlongSettings = {
  mode: 'play',
  guide: 'voice',
  tempoPercent: 100,
  loop: { kind: 'none' },
  drones: false,
  difficulty: 'standard',
  startOnFirstNote: false,
};
