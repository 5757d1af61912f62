import { useEffect, useRef, useState } from 'react';
import type { Pitch } from '../../../music/notes.ts';

export interface HistoryEntry {
  readonly pitch: Pitch;
  /** Increasing: a stable React key even when the same note repeats. */
  readonly seq: number;
}

/** Appends `entry` to `history`, keeping the newest `max` entries. Pure, for tests. */
export function appendNote(
  history: readonly HistoryEntry[],
  pitch: Pitch,
  max: number,
): HistoryEntry[] {
  const seq = (history.at(-1)?.seq ?? 0) + 1;
  return [...history, { pitch, seq }].slice(-max);
}

/**
 * The notes heard, oldest first: a note is added once it has sounded for `minHoldMs` (a note
 * repeated after silence or another note counts again; a held note counts once). The hold
 * keeps out the blips of a real chanter between notes: a crossing finger, a squeal, the
 * reed's attack (each a few tens of ms); the keyboard chanter has none and passes 0.
 */
export function useNoteHistory(
  note: Pitch | null,
  { max = 12, minHoldMs = 120 }: { max?: number; minHoldMs?: number } = {},
): { history: readonly HistoryEntry[]; clear: () => void } {
  const [history, setHistory] = useState<readonly HistoryEntry[]>([]);
  const previous = useRef<Pitch | null>(null);
  useEffect(() => {
    if (note === previous.current) return;
    previous.current = note;
    if (!note) return;
    if (minHoldMs <= 0) {
      setHistory((h) => appendNote(h, note, max));
      return;
    }
    // Cancelled by the cleanup if the note changes first.
    const timer = window.setTimeout(() => setHistory((h) => appendNote(h, note, max)), minHoldMs);
    return () => window.clearTimeout(timer);
  }, [note, max, minHoldMs]);
  return {
    history,
    clear: () => {
      previous.current = null;
      setHistory([]);
    },
  };
}
