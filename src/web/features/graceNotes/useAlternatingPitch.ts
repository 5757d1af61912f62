import { useEffect, useState } from 'react';
import type { Pitch } from '../../../music/notes.ts';

/** Display alternation of spec §9 (R-9.CONST-18). */
export const GRACE_SHOW_MS = 150;
export const MELODY_SHOW_MS = 500;

/**
 * The note whose fingering is on show (R-4.GRACE-05, R-4.GRACE-06): with both notes set it
 * alternates grace 150 ms, melody 500 ms; with a melody alone it is the melody; otherwise the
 * grace note alone, or nothing.
 */
export function useAlternatingPitch(grace: Pitch | null, melody: Pitch | null): Pitch | null {
  const [showGrace, setShowGrace] = useState(true);
  const alternating = grace !== null && melody !== null;

  useEffect(() => {
    if (!alternating) return;
    let graceNow = true;
    setShowGrace(true);
    let timer = setTimeout(function flip() {
      graceNow = !graceNow;
      setShowGrace(graceNow);
      timer = setTimeout(flip, graceNow ? GRACE_SHOW_MS : MELODY_SHOW_MS);
    }, GRACE_SHOW_MS);
    return () => clearTimeout(timer);
  }, [alternating, grace, melody]);

  if (alternating) return showGrace ? grace : melody;
  return melody ?? grace;
}
