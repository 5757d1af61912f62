/**
 * Records a tool's practice session (issue 18 item 2): one call per screen. While `active` is
 * true a session runs; when it turns false (or the screen goes) the session ends and is stored
 * with the latest `details`. Notes played are counted from the screen's note events engine to
 * engine (a subscription, no React state per note).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { NoteEvents } from '../../audio/noteEvents/noteEvent.ts';
import type { PracticeTool } from '../../contracts/progress/practiceRecord.ts';
import type { SessionDetails } from '../storage/practiceRecorder.ts';
import { practiceRecorder } from '../storage/practiceStore.ts';

export interface PracticeSessionOptions {
  /** Counted as notes played: each note-on. */
  readonly noteEvents?: NoteEvents | null;
  /** What the tool knows now (tune, tempo, accuracy…), read at the start and at the end. */
  readonly details?: SessionDetails;
}

export function usePracticeSession(
  tool: PracticeTool,
  active: boolean,
  options: PracticeSessionOptions = {},
): void {
  const details = useRef<SessionDetails>(options.details ?? {});
  // A layout effect: it runs before the passive cleanup below, so the session ends with the
  // details of the very render that stopped it (Play Along's verdicts arrive with its end).
  useLayoutEffect(() => {
    details.current = options.details ?? {};
  });
  const { noteEvents } = options;

  useEffect(() => {
    if (!active) return;
    const running = practiceRecorder().begin(tool, details.current);
    const stopCounting = noteEvents?.subscribe((m) => {
      if (m.type === 'noteOn') running.note();
    });
    return () => {
      stopCounting?.();
      void running.end(details.current);
    };
  }, [tool, active, noteEvents]);
}
