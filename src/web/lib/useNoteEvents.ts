/**
 * How a screen hears note events (issue 14 item 1): the note sounding now, through
 * useSyncExternalStore (DESIGN habit 5), and, given `onEvent`, every note-on and note-off
 * as it happens. Thin on purpose: an engine that acts on notes (a game, the score follower)
 * subscribes to the NoteEvents itself; this is for screens that show them.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { NoteEvent, NoteEventListener, NoteEvents } from '../../audio/noteEvents/noteEvent.ts';

export function useNoteEvents(events: NoteEvents, onEvent?: NoteEventListener): NoteEvent | null {
  // The latest callback without resubscribing each render (a fresh arrow every render).
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });
  const listening = onEvent !== undefined;
  useEffect(() => {
    if (!listening) return;
    return events.subscribe((message) => onEventRef.current?.(message));
  }, [events, listening]);
  return useSyncExternalStore(events.subscribe, events.getSnapshot, events.getSnapshot);
}
