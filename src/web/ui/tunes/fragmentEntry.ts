/**
 * The notes a piper enters to find a tune by playing it (issue 15 item 6): played on the
 * chanter or the keyboard chanter (ended note events, with their durations) or tapped on the
 * note buttons (no duration). Plain TypeScript with subscribe/getSnapshot (DESIGN habit 5),
 * so ./useFragmentEntry.ts shows it through useSyncExternalStore and tests drive it alone.
 *
 * Gracenotes heard from the microphone are kept here and left out of `melody`
 * (src/music/findTune/playedPitches.ts), which is what the piper sees and what is searched.
 */
import type { EndedNoteEvent, NoteEvents } from '../../../audio/noteEvents/noteEvent.ts';
import { playedPitches, type PlayedNote } from '../../../music/findTune/playedPitches.ts';
import type { Pitch } from '../../../music/notes.ts';

/** Oldest notes are let go past this: the matcher reads the last 32 melody notes anyway. */
export const MAX_ENTRIES = 96;

export interface FragmentSnapshot {
  /** The melody notes entered, oldest first, gracenotes left out. */
  readonly melody: readonly Pitch[];
}

export interface FragmentEntry {
  subscribe(listener: () => void): () => void;
  getSnapshot(): FragmentSnapshot;
  /** A note from a button: no duration, never a gracenote. */
  tap(pitch: Pitch): void;
  /** A note that ended on the chanter; `exact` (the keyboard) keeps even a very short one. */
  played(event: Pick<EndedNoteEvent, 'note' | 'duration'>, exact: boolean): void;
  /** Takes back the last melody note (and any gracenotes after the one before it). */
  undo(): void;
  clear(): void;
  /** Feeds ended notes from `events` into the entry until the returned function is called. */
  listen(events: NoteEvents, exact: () => boolean): () => void;
}

export function createFragmentEntry(): FragmentEntry {
  let entries: PlayedNote[] = [];
  let snapshot: FragmentSnapshot = { melody: [] };
  const listeners = new Set<() => void>();
  const set = (next: PlayedNote[]) => {
    entries = next.slice(-MAX_ENTRIES);
    snapshot = { melody: playedPitches(entries) };
    for (const l of listeners) l();
  };
  const played: FragmentEntry['played'] = (event, exact) =>
    set([...entries, { note: event.note, duration: exact ? null : event.duration }]);
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    tap: (pitch) => set([...entries, { note: pitch, duration: null }]),
    played,
    undo() {
      const length = snapshot.melody.length;
      if (length === 0) return set([]);
      let next = entries;
      while (next.length > 0 && playedPitches(next).length >= length) next = next.slice(0, -1);
      set(next);
    },
    clear: () => set([]),
    listen(events, exact) {
      return events.subscribe((message) => {
        if (message.type === 'noteOff') played(message.event, exact());
      });
    },
  };
}
