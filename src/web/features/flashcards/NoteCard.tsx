import { fingeringOf } from '../../../music/fingering.ts';
import { noteOf, type Hz, type Pitch } from '../../../music/notes.ts';
import type { CardFaces } from '../../../music/quizRules.ts';
import { ChanterDiagram } from '../../ui/ChanterDiagram.tsx';
import { NoteStaff } from '../../ui/notation/NoteStaff.tsx';

export interface NoteCardProps {
  readonly pitch: Pitch;
  /** The selected chanter's frequency for the note; hidden when null (the quiz). */
  readonly hz: Hz | null;
  /** Which faces show (issue 22 item 4); the flash cards show the name and staff always. */
  readonly faces: CardFaces;
  /** Highlights the card while its note sounds. */
  readonly sounding?: boolean;
  readonly testId?: string;
}

/**
 * One flash card (R-2.3.FLASH-07): the note name, its frequency, a staff and the fingering.
 * Without its name face the card is a question (the listening quiz, issue 22 item 4): the
 * staff's and the fingering's screen-reader labels then do not name the note either.
 */
export function NoteCard({ pitch, hz, faces, sounding = false, testId }: NoteCardProps) {
  const note = noteOf(pitch);
  const named = faces.name;
  const classes = [
    'flash-card',
    faces.fingering ? '' : 'flash-card--no-fingering',
    faces.fingering && !faces.name && !faces.staff ? 'flash-card--fingering-only' : '',
  ];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      data-sounding={sounding}
      data-testid={testId}
    >
      {(named || hz !== null) && (
        <div className="flash-card__text" aria-live="polite" aria-atomic="true">
          {named && (
            <p className="flash-card__name" data-testid={testId ? `${testId}-name` : undefined}>
              {note.name}
            </p>
          )}
          {hz !== null && <p className="flash-card__hz">{hz.toFixed(0)} Hz</p>}
        </div>
      )}
      {faces.staff && (
        <div className="flash-card__staff">
          <NoteStaff
            pitch={pitch}
            label={
              named ? `${note.name} on the treble staff` : 'The note to play, on the treble staff'
            }
            width={240}
            height={150}
          />
        </div>
      )}
      {faces.fingering && (
        <div className="flash-card__fingering">
          <ChanterDiagram
            fingering={fingeringOf(pitch)}
            noteName={named ? note.name : 'the note to play'}
          />
        </div>
      )}
    </div>
  );
}
