/**
 * The bridge between the fragment entry (./fragmentEntry.ts) and a screen (issue 15 item 6):
 * the entry's notes through useSyncExternalStore, the chanter's note events wired straight
 * into the entry (engine to engine, no reading through React state), and `onSearch` called
 * with the melody whenever it changes and holds at least `minNotes` notes.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { NoteEvents } from '../../../audio/noteEvents/noteEvent.ts';
import type { Pitch } from '../../../music/notes.ts';
import { createFragmentEntry, type FragmentEntry, type FragmentSnapshot } from './fragmentEntry.ts';

export function useFragmentEntry(
  noteEvents: NoteEvents,
  /** True for the keyboard chanter: its short key presses are notes, not gracenotes. */
  exact: boolean,
  minNotes: number,
  onSearch: (pitches: readonly Pitch[]) => void,
): { entry: FragmentEntry; snapshot: FragmentSnapshot } {
  const [entry] = useState(createFragmentEntry);
  const snapshot = useSyncExternalStore(entry.subscribe, entry.getSnapshot, entry.getSnapshot);
  const exactRef = useRef(exact);
  const onSearchRef = useRef(onSearch);
  const minRef = useRef(minNotes);
  useEffect(() => {
    exactRef.current = exact;
    onSearchRef.current = onSearch;
    minRef.current = minNotes;
  });
  useEffect(() => entry.listen(noteEvents, () => exactRef.current), [entry, noteEvents]);
  useEffect(
    () =>
      entry.subscribe(() => {
        const { melody } = entry.getSnapshot();
        if (melody.length >= minRef.current) onSearchRef.current(melody);
      }),
    [entry],
  );
  return { entry, snapshot };
}
