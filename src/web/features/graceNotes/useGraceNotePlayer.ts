import { useEffect, useState, useSyncExternalStore } from 'react';
import { sharedAudioContext } from '../../../audio/audioContext.ts';
import { createGraceNotePlayer, type GraceNotePlayer } from '../../../audio/graceNotePlayer.ts';

export type CreateGraceNotePlayer = () => GraceNotePlayer;

/** The browser wiring (DESIGN habit 2): the app's one context, resumed inside the Play click. */
export const browserGraceNotePlayer: CreateGraceNotePlayer = () =>
  createGraceNotePlayer(() => sharedAudioContext().get());

/**
 * The trainer's way to its player (DESIGN habit 1): the engine owns audio; React reads whether
 * it is playing through useSyncExternalStore (habit 5).
 */
export function useGraceNotePlayer(create: CreateGraceNotePlayer): {
  player: GraceNotePlayer;
  playing: boolean;
} {
  const [player] = useState(create);
  const playing = useSyncExternalStore(player.subscribe, player.getSnapshot, () => false);
  useEffect(() => () => player.dispose(), [player]);
  return { player, playing };
}
