/**
 * The practice screens' way to sound a note (DESIGN habit 1): Flash Cards, Basic Notes and the
 * animated notes wire the note player to the app's one AudioContext here, with the sine voice
 * and the synthesized chanter voice. React reads what is sounding through
 * useSyncExternalStore (habit 5).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { sharedAudioContext } from '../../audio/audioContext.ts';
import { createNotePlayer, NOTE_GAIN, type NotePlayer } from '../../audio/notePlayer.ts';
import { DEFAULT_GAIN, playChanterNote } from '../../audio/synth/chanterVoice.ts';
import type { Hz } from '../../music/notes.ts';

export type CreateNotePlayer = () => NotePlayer;

/** The browser wiring: the shared context, resumed inside the click that asks for sound. */
export const browserNotePlayer: CreateNotePlayer = () =>
  createNotePlayer<AudioContext>({
    getContext: () => sharedAudioContext().get(),
    timers: {
      setTimeout: (callback, ms) => window.setTimeout(callback, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
    },
    voices: {
      // The reed-like voice is louder for its level than a sine: scale to its own default.
      chanter: (ctx, destination, hz, when, duration, gain) =>
        playChanterNote(ctx, destination, hz, when, duration, (gain / NOTE_GAIN) * DEFAULT_GAIN),
    },
  });

export function useNotePlayer(create: CreateNotePlayer = browserNotePlayer): {
  player: NotePlayer;
  sounding: Hz | null;
} {
  const [player] = useState(create);
  const sounding = useSyncExternalStore(player.subscribe, player.getSnapshot, () => null);
  // Leaving the screen silences it; the player stays reusable (StrictMode remounts).
  useEffect(() => () => player.dispose(), [player]);
  return { player, sounding };
}
