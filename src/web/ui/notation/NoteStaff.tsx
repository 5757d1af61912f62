import { useCallback } from 'react';
import { noteOf, type Pitch } from '../../../music/notes.ts';
import { MusicNotation, type DrawNotation } from './MusicNotation.tsx';
import { runInSlices } from '../../lib/runInSlices.ts';
import { drawNoteStaffSteps } from './drawStaves.ts';

export interface NoteStaffProps {
  readonly pitch: Pitch | null;
  /** Screen-reader text; defaults to naming the note. */
  readonly label?: string;
  /** Preferred width in CSS pixels; narrower containers shrink it. */
  readonly width?: number;
  readonly height?: number;
}

/** Spec §2.3 'Note staff widget': a treble stave with one quarter note (R-2.3.STAFF-01). */
export function NoteStaff({ pitch, label, width = 200, height = 140 }: NoteStaffProps) {
  // In slices (issue 21 item 3): the first card's staff after VexFlow loads was one long task.
  const draw = useCallback<DrawNotation>(
    (vf, host, available, signal) =>
      runInSlices(drawNoteStaffSteps(vf, host, Math.min(width, available), height, pitch), {
        signal,
      }).then((done) => done?.busyMs ?? null),
    [pitch, width, height],
  );
  const text =
    label ??
    (pitch ? `Treble staff showing ${noteOf(pitch).name} as a quarter note` : 'Empty treble staff');
  return <MusicNotation label={text} draw={draw} className="note-staff" />;
}
