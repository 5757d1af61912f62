import { useCallback } from 'react';
import { noteOf, type Pitch } from '../../../music/notes.ts';
import { MusicNotation, type DrawNotation } from './MusicNotation.tsx';
import { runInSlices } from '../../lib/runInSlices.ts';
import { drawGraceStaffSteps } from './drawStaves.ts';

/** Spec §9 'Staff': the multi-note staff is at least 320 wide and 180 high (R-2.3.STAFF-02). */
export const GRACE_STAFF_MIN_WIDTH = 320;
export const GRACE_STAFF_HEIGHT = 180;

export interface GraceStaffProps {
  readonly melody: Pitch | null;
  /** The grace note, or an embellishment's grace notes in playing order. */
  readonly graces?: readonly Pitch[];
  readonly label?: string;
  /** Draw only once it comes near the viewport (a staff below the fold on a phone). */
  readonly whenNear?: boolean;
}

const names = (pitches: readonly Pitch[]) => pitches.map((p) => noteOf(p).name).join(', ');

/** The describing text of a grace staff, e.g. 'D half note, then grace note Low G before D'. */
export function graceStaffLabel(melody: Pitch | null, graces: readonly Pitch[]): string {
  if (!melody) return 'Empty treble staff';
  const name = noteOf(melody).name;
  if (graces.length === 0) return `Treble staff: ${name} half note, twice`;
  const what = graces.length === 1 ? 'grace note' : 'grace notes';
  return `Treble staff: ${name} half note, then ${what} ${names(graces)} before ${name}`;
}

const NONE: readonly Pitch[] = [];

/**
 * The multi-note staff (R-2.3.STAFF-02/03): four beats, half notes, sixteenth grace note(s)
 * before the melody note; used by the grace-note trainer for single graces and embellishments.
 */
export function GraceStaff({ melody, graces = NONE, label, whenNear }: GraceStaffProps) {
  const key = graces.join(' ');
  // In slices (issue 21 item 3): the first staff after VexFlow loads was one long task.
  const draw = useCallback<DrawNotation>(
    (vf, host, available, signal) =>
      runInSlices(
        drawGraceStaffSteps(
          vf,
          host,
          Math.max(GRACE_STAFF_MIN_WIDTH, Math.min(available, 480)),
          GRACE_STAFF_HEIGHT,
          melody,
          key ? (key.split(' ') as Pitch[]) : NONE,
        ),
        { signal },
      ).then((done) => done?.busyMs ?? null),
    [melody, key],
  );
  return (
    <MusicNotation
      label={label ?? graceStaffLabel(melody, graces)}
      draw={draw}
      className="grace-staff"
      whenNear={whenNear}
    />
  );
}
