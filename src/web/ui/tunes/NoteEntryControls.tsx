/**
 * The controls to enter a few notes by playing or tapping (issue 15 item 6 'Find a tune by
 * playing it', issue 19 the composer's starting motif): the chanter picker with Start/Stop
 * listening, the keyboard chanter's hint, the microphone's error, and a button per chanter note.
 * The notes go to the caller's fragment entry (useFragmentEntry); this only draws the controls.
 */
import { notes, type Pitch } from '../../../music/notes.ts';
import type { NoteInput } from '../../lib/useNoteInput.ts';
import { ChanterPicker } from '../listening/ChanterPicker.tsx';
import { KeyboardHint } from '../listening/KeyboardHint.tsx';
import { MicrophoneErrorPanel } from '../listening/MicrophoneErrorPanel.tsx';
import '../listening/listening.css';

export interface NoteEntryControlsProps {
  readonly input: NoteInput;
  readonly onTap: (pitch: Pitch) => void;
  /** The accessible name of the group of note buttons. */
  readonly padLabel: string;
  /** The class prefix of the caller's layout: `${prefix}-listen`, `-pad`, `-note`. */
  readonly classPrefix: string;
  /** Start/Stop listening as the page's main action ('button') or beside one ('secondary'). */
  readonly listenButton: 'primary' | 'secondary';
  /** No more notes may be tapped (the motif is full). */
  readonly tapDisabled?: boolean;
}

export function NoteEntryControls({
  input,
  onTap,
  padLabel,
  classPrefix,
  listenButton,
  tapDisabled = false,
}: NoteEntryControlsProps) {
  const listenClass = listenButton === 'primary' ? 'button' : 'button secondary';
  return (
    <>
      <div className={`${classPrefix}-listen`}>
        <ChanterPicker />
        {input.listening ? (
          <button type="button" className={listenClass} onClick={input.stop}>
            Stop listening
          </button>
        ) : (
          <button type="button" className={listenClass} onClick={input.start}>
            Start listening
          </button>
        )}
      </div>
      {input.input === 'keyboard' && <KeyboardHint />}
      <MicrophoneErrorPanel error={input.reading.error} />
      <div className={`${classPrefix}-pad`} role="group" aria-label={padLabel}>
        {notes.map((n) => (
          <button
            key={n.pitch}
            type="button"
            className={`button secondary ${classPrefix}-note`}
            onClick={() => onTap(n.pitch)}
            disabled={tapDisabled}
          >
            {n.name}
          </button>
        ))}
      </div>
    </>
  );
}
