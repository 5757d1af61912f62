/**
 * Play Along's way to its session engine (DESIGN habits 1 and 5): the browser wiring in one
 * place — the shared AudioContext's clock, worker timers, the tune player, the note events of
 * useNoteInput and the stored latency of the microphone in use — and the snapshot through
 * useSyncExternalStore.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { sharedAudioContext } from '../../../audio/audioContext.ts';
import {
  createPlayAlongSession,
  type PlayAlongSession,
  type PlayAlongSnapshot,
} from '../../../audio/playAlong/playAlongSession.ts';
import type { NoteEvents } from '../../../audio/noteEvents/noteEvent.ts';
import type { TunePlayer } from '../../../audio/tunePlayer.ts';

const timers = {
  setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

export function usePlayAlongSession(
  player: TunePlayer,
  noteEvents: NoteEvents,
  /** Seconds to take off every onset: the microphone's stored latency, 0 for the keyboard. */
  latency: number,
  /** Shortest note event judged (the microphone: MIN_NOTE; the keyboard chanter: 0). */
  minNote: number,
): { session: PlayAlongSession; snapshot: PlayAlongSnapshot } {
  const latencyRef = useRef(latency);
  latencyRef.current = latency;
  const minNoteRef = useRef(minNote);
  minNoteRef.current = minNote;
  const [session] = useState(() =>
    createPlayAlongSession({
      // Note events are on the audio clock when the context runs (useNoteInput audioTime).
      audioTime: () => {
        const context = sharedAudioContext().current();
        return context?.state === 'running' ? context.currentTime : performance.now() / 1000;
      },
      timers,
      player,
      noteEvents,
      latency: () => latencyRef.current,
      minNote: () => minNoteRef.current,
    }),
  );
  const snapshot = useSyncExternalStore(
    session.subscribe,
    session.getSnapshot,
    session.getSnapshot,
  );
  useEffect(() => () => session.reset(), [session]);
  return { session, snapshot };
}
