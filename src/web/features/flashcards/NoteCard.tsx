import { fingeringOf } from '../../../music/fingering.ts';
import { noteOf, type Hz, type Pitch } from '../../../music/notes.ts';
import { ChanterDiagram } from '../../ui/ChanterDiagram.tsx';
import { NoteStaff } from '../../ui/notation/NoteStaff.tsx';

export interface NoteCardProps {
  readonly pitch: Pitch;
  /** The selected chanter's frequency for the note; hidden when null (the quiz). */
  readonly hz: Hz | null;
  readonly showFingering: boolean;
  /** Highlights the card while its note sounds. */
  readonly sounding?: boolean;
  readonly testId?: string;
}

/** One flash card (R-2.3.FLASH-07): the note name, its frequency, a staff and the fingering. */
export function NoteCard({ pitch, hz, showFingering, sounding = false, testId }: NoteCardProps) {
  const note = noteOf(pitch);
  return (
    <div
      className={`flash-card${showFingering ? '' : ' flash-card--no-fingering'}`}
      data-sounding={sounding}
      data-testid={testId}
    >
      <div className="flash-card__text" aria-live="polite" aria-atomic="true">
        <p className="flash-card__name" data-testid={testId ? `${testId}-name` : undefined}>
          {note.name}
        </p>
        {hz !== null && <p className="flash-card__hz">{hz.toFixed(0)} Hz</p>}
      </div>
      <div className="flash-card__staff">
        <NoteStaff
          pitch={pitch}
          label={`${note.name} on the treble staff`}
          width={240}
          height={150}
        />
      </div>
      {showFingering && (
        <div className="flash-card__fingering">
          <ChanterDiagram fingering={fingeringOf(pitch)} noteName={note.name} />
        </div>
      )}
    </div>
  );
}
