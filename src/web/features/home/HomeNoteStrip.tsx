import { UP_AND_DOWN } from '../../../music/noteStrip.ts';
import { NoteStrip } from '../../ui/noteStrip/NoteStrip.tsx';

/**
 * Home's animated note strip (spec §2.3 Home, R-2.3.STRIP-01..05): the nine notes up then down,
 * a tone as each passes the marker, with 'Play Animation' / 'Pause Animation'. Loaded lazily
 * by HomeScreen so it stays out of the first visit's bundle budget.
 */
export default function HomeNoteStrip() {
  return (
    <NoteStrip
      sequence={UP_AND_DOWN}
      label="The nine chanter notes, Low G up to High A and back down, travelling across a treble staff to a marker"
    />
  );
}
