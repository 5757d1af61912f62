import { useId, useState } from 'react';
import { fingeringOf } from '../../../music/fingering.ts';
import {
  DEFAULT_GRACE_MODE,
  emptySelection,
  graceAllowed,
  melodyAllowed,
  selectGrace,
  selectionInMode,
  selectMelody,
  type GraceMode,
  type GraceSelection,
} from '../../../music/graceRules.ts';
import { noteOf, notes, type Pitch } from '../../../music/notes.ts';
import { ChanterDiagram } from '../../ui/ChanterDiagram.tsx';
import { GraceStaff } from '../../ui/notation/GraceStaff.tsx';
import { MenuBar, type MenuDefinition } from '../../ui/MenuBar.tsx';
import { useQueryParam } from '../../lib/useQueryParam.ts';
import { keys } from '../../storage/keys.ts';
import type { SettingsStore } from '../../storage/settingsStore.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { useAlternatingPitch } from './useAlternatingPitch.ts';
import { EmbellishmentPresets } from './EmbellishmentPresets.tsx';
import { GraceModeChoice } from './GraceModeChoice.tsx';
import type { CreateEmbellishmentPlayer } from './useEmbellishmentPlayer.ts';
import {
  browserGraceNotePlayer,
  useGraceNotePlayer,
  type CreateGraceNotePlayer,
} from './useGraceNotePlayer.ts';
import { usePracticeSession } from '../../lib/usePracticeSession.ts';
import './graceNotes.css';

type Display = 'Show Fingering' | 'Hide Fingering';

export interface GraceNotesScreenProps {
  /** Test seams; the page uses the shared audio context and the settings store. */
  readonly createPlayer?: CreateGraceNotePlayer;
  readonly createEmbellishmentPlayer?: CreateEmbellishmentPlayer;
  readonly store?: SettingsStore;
}

type ColumnTitle = 'Grace' | 'Melody';

/**
 * What each column holds in each mode, under its spec heading (R-2.3.GRACE-01 keeps 'Grace'
 * and 'Melody'), so a learner knows which is the quick note and which the tune's note
 * (issue 22 item 1).
 */
const columnCaptions: Readonly<Record<GraceMode, Readonly<Record<ColumnTitle, string>>>> = {
  Strikes: {
    Grace: 'The quick note, lower, between the melody notes',
    Melody: 'The tune’s note, before and after the grace',
  },
  Gracenotes: {
    Grace: 'The quick note, higher, played first',
    Melody: 'The tune’s note, after the grace',
  },
};

interface ColumnProps {
  readonly title: ColumnTitle;
  readonly caption: string;
  readonly selected: Pitch | null;
  readonly allowed: (p: Pitch) => boolean;
  readonly onSelect: (p: Pitch) => void;
}

/** One column of nine note buttons, highest at the top as on the staff and the chanter. */
function NoteColumn({ title, caption, selected, allowed, onSelect }: ColumnProps) {
  const captionId = useId();
  return (
    <fieldset className="grace-notes__column" aria-describedby={captionId}>
      <legend>{title}</legend>
      <p id={captionId} className="grace-notes__caption" data-testid={`${title}-caption`}>
        {caption}
      </p>
      <ul>
        {[...notes].reverse().map((n) => (
          <li key={n.pitch}>
            <button
              type="button"
              className="grace-notes__note"
              aria-pressed={selected === n.pitch}
              aria-label={`${title} ${n.name}`}
              disabled={!allowed(n.pitch)}
              onClick={() => onSelect(n.pitch)}
            >
              {n.name}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The grace-note trainer (spec §2.3 'Grace notes', §4 'Grace notes'): choose a grace note and a
 * melody note (grace strictly lower, R-4.GRACE-02..04; choosing the chosen note clears it,
 * R-4.GRACE-01), watch the fingering alternate (R-4.GRACE-05/06) and hear the phrase
 * (R-4.GRACE-07..09) with the staff (R-2.3.GRACE-02); below, the common embellishments as
 * presets, shown and played (issue 5, beyond the spec). The spec's rules are the 'Strikes'
 * mode, the default; 'Gracenotes' mode puts the grace above the melody and plays it first
 * (issue 22 item 1). `?preset=<id>` opens the presets at one movement (issue 16 item 5). The mode is not stored: the screen keeps no other preference either.
 */
export default function GraceNotesScreen({
  createPlayer = browserGraceNotePlayer,
  createEmbellishmentPlayer,
  store,
}: GraceNotesScreenProps) {
  const [mode, setMode] = useState<GraceMode>(DEFAULT_GRACE_MODE);
  const [selection, setSelection] = useState<GraceSelection>(emptySelection);
  const [display, setDisplay] = useState<Display>('Show Fingering');
  const [gain] = useStoredValue(keys.gain, store);
  const { player, playing } = useGraceNotePlayer(createPlayer);
  // Issue 18 item 2: the visit is a session from its first Play; each Play is a note.
  const [plays, setPlays] = useState(0);
  usePracticeSession('graceNotes', plays > 0, { details: { notesPlayed: plays } });
  const { grace, melody } = selection;
  const shown = useAlternatingPitch(grace, melody);
  // Issue 16 item 5: the learning path links a movement as /gracenotes?preset=<id>.
  const requestedPreset = useQueryParam('preset');

  const displayMenu: MenuDefinition<Display> = {
    label: 'Display',
    items: [
      { label: 'Show Fingering', value: 'Show Fingering' },
      { label: 'Hide Fingering', value: 'Hide Fingering' },
    ],
    selected: display,
    onSelect: setDisplay,
  };

  const summary =
    melody === null
      ? 'Choose a melody note.'
      : grace === null
        ? `${noteOf(melody).name}, no grace note.`
        : mode === 'Strikes'
          ? `${noteOf(grace).name} grace note on ${noteOf(melody).name}.`
          : `${noteOf(grace).name} gracenote before ${noteOf(melody).name}.`;

  return (
    <section className="page grace-notes">
      <h1>Grace Notes</h1>
      <MenuBar label="Grace note options" menus={[displayMenu]} className="grace-notes__menus" />
      <GraceModeChoice
        mode={mode}
        onChange={(next) => {
          setMode(next);
          setSelection((s) => selectionInMode(s, next));
        }}
      />
      <div className="grace-notes__layout">
        <div className="grace-notes__columns">
          <NoteColumn
            title="Grace"
            caption={columnCaptions[mode].Grace}
            selected={grace}
            allowed={(p) => graceAllowed(p, melody, mode)}
            onSelect={(p) => setSelection((s) => selectGrace(s, p, mode))}
          />
          <NoteColumn
            title="Melody"
            caption={columnCaptions[mode].Melody}
            selected={melody}
            allowed={(p) => melodyAllowed(p, grace, mode)}
            onSelect={(p) => setSelection((s) => selectMelody(s, p, mode))}
          />
        </div>
        <div className="grace-notes__panel">
          <p className="grace-notes__summary" role="status">
            {summary}
          </p>
          <div className="grace-notes__staff">
            <GraceStaff melody={melody} graces={grace ? [grace] : []} />
          </div>
          <button
            type="button"
            className="button"
            disabled={melody === null}
            onClick={() => {
              if (!melody) return;
              setPlays((n) => n + 1);
              player.play(
                noteOf(melody).frequency,
                grace ? noteOf(grace).frequency : null,
                gain,
                mode,
              );
            }}
          >
            {playing ? 'Playing…' : 'Play'}
          </button>
          {display === 'Show Fingering' && (
            <div className="grace-notes__fingering" data-testid="grace-fingering">
              {shown ? (
                <>
                  <ChanterDiagram fingering={fingeringOf(shown)} noteName={noteOf(shown).name} />
                  <p className="grace-notes__shown">{noteOf(shown).name}</p>
                </>
              ) : (
                <p className="grace-notes__hint">Choose a note to see its fingering.</p>
              )}
            </div>
          )}
        </div>
      </div>
      <EmbellishmentPresets
        gain={gain}
        showFingering={display === 'Show Fingering'}
        createPlayer={createEmbellishmentPlayer}
        requested={requestedPreset}
      />
    </section>
  );
}
