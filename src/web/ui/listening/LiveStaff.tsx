import { memo } from 'react';
import { pitches, type Pitch } from '../../../music/notes.ts';
import { NoteStaff } from '../notation/NoteStaff.tsx';
import './listening.css';

const all: readonly (Pitch | null)[] = [null, ...pitches];

/** One staff; memoised so a note change re-renders only the two layers that flip. */
const Layer = memo(function Layer({ pitch, shown }: { pitch: Pitch | null; shown: boolean }) {
  return (
    <div className="live-staff-layer" data-shown={shown} aria-hidden={!shown}>
      <NoteStaff pitch={pitch} />
    </div>
  );
});

/**
 * The note heard, on a staff, for a screen that listens: all ten staves (empty and each
 * note) are drawn once when the screen opens and the heard one is shown, so a note change
 * while listening only flips visibility. Redrawing the staff on every note would be main
 * thread work at the worst moment (issue 4: no long task while listening).
 */
export const LiveStaff = memo(function LiveStaff({ pitch }: { pitch: Pitch | null }) {
  return (
    <div className="live-staff">
      {all.map((p) => (
        <Layer key={p ?? 'none'} pitch={p} shown={p === pitch} />
      ))}
    </div>
  );
});
