import { notes } from '../../../music/notes.ts';
import { DeveloperNote } from './DeveloperNote.tsx';
import { useToneGenerator } from './useToneGenerator.ts';
import './devPages.css';

/** A second is long enough to judge a pitch by ear and short enough to step through the scale. */
const TONE_SECONDS = 1;

/** One button per chanter note at its standard frequency (spec §3), played as a pure sine. */
export default function SynthesisTestScreen() {
  const { playing, play, stop } = useToneGenerator();
  const playingNote = notes.find((n) => n.frequency === playing);
  return (
    <section className="page synthesis-test">
      <h1>Synthesis Test</h1>
      <DeveloperNote>It checks that this browser can synthesize tones.</DeveloperNote>
      <p>
        Each button plays a {TONE_SECONDS} second sine tone at the note&apos;s standard chanter
        frequency, at half volume. These are synthesized test tones, not a recording of a chanter.
      </p>
      <ul className="synth-grid" aria-label="Chanter notes">
        {notes.map((note) => (
          <li key={note.pitch}>
            <button
              type="button"
              className="button secondary"
              aria-pressed={playing === note.frequency}
              onClick={() => play(note.frequency, TONE_SECONDS)}
            >
              {note.name}
              <small>{note.frequency} Hz</small>
            </button>
          </li>
        ))}
      </ul>
      <div className="dev-row dev-section">
        <button type="button" className="button" onClick={stop} disabled={playing === null}>
          Stop
        </button>
        <p role="status" className="dev-hint">
          {playingNote ? `Playing ${playingNote.name} (${playingNote.frequency} Hz)` : 'Silent'}
        </p>
      </div>
    </section>
  );
}
