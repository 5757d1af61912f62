import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { SONG_STRIP, UP_AND_DOWN } from '../../../music/noteStrip.ts';
import { activeChanter } from '../../lib/activeChanter.ts';
import { keys } from '../../storage/keys.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { NoteStrip } from '../../ui/noteStrip/NoteStrip.tsx';
import type { CreateNoteAnimation } from '../../ui/noteStrip/useNoteAnimation.ts';
import './animatedNotes.css';

type Tune = 'scale' | 'song';

const tunes: Record<Tune, { label: string; sequence: typeof UP_AND_DOWN }> = {
  scale: { label: 'The scale, up and down', sequence: UP_AND_DOWN },
  song: { label: 'Amazing Grace (opening)', sequence: SONG_STRIP },
};

/** Notes per minute: slow enough to name each note, up to a steady march pulse. */
export const MIN_SPEED = 30;
export const MAX_SPEED = 150;
export const DEFAULT_SPEED = 90;

export interface AnimatedNotesScreenProps {
  readonly createAnimation?: CreateNoteAnimation;
}

/**
 * Animated Notes (/animated-notes and /animate-song, spec §2.1): notes travel across a staff
 * past a marker and sound as they reach it, the scale or the flash cards' song, at a chosen
 * speed, on the selected chanter's pitches.
 */
export default function AnimatedNotesScreen({ createAnimation }: AnimatedNotesScreenProps) {
  const location = useLocation();
  const [tune, setTune] = useState<Tune>(
    location.pathname === paths.animatedNotes ? 'scale' : 'song',
  );
  const [speed, setSpeed] = useState(DEFAULT_SPEED);
  const [chanterId] = useStoredValue(keys.chanterId);
  const [customs] = useStoredValue(keys.customChanters);
  const chanter = activeChanter(chanterId, customs);
  const tuneId = useId();
  const speedId = useId();

  return (
    <section className="page animated-notes" aria-labelledby="animated-notes-title">
      <h1 id="animated-notes-title">Animated Notes</h1>
      <p className="animated-notes__lead">
        Watch the notes travel to the red marker and listen: each one sounds as it passes. Name it
        before you hear it, or finger it on your chanter as it goes by.
      </p>
      <div className="animated-notes__options">
        <div className="animated-notes__field">
          <label htmlFor={tuneId}>Notes</label>
          <select id={tuneId} value={tune} onChange={(e) => setTune(e.target.value as Tune)}>
            {(Object.keys(tunes) as Tune[]).map((t) => (
              <option key={t} value={t}>
                {tunes[t].label}
              </option>
            ))}
          </select>
        </div>
        <div className="animated-notes__field">
          <label htmlFor={speedId}>Speed: {speed} notes a minute</label>
          <input
            id={speedId}
            type="range"
            min={MIN_SPEED}
            max={MAX_SPEED}
            step={5}
            value={speed}
            onChange={(e) => setSpeed(Number(e.target.value))}
          />
        </div>
      </div>
      {/* A new tune starts from its first note: the strip is remounted. */}
      <NoteStrip
        key={tune}
        sequence={tunes[tune].sequence}
        interval={60 / speed}
        frequencies={chanter.frequencies}
        label={`Notes of ${tunes[tune].label.toLowerCase()} travelling across a treble staff to a marker`}
        createAnimation={createAnimation}
      />
    </section>
  );
}
