import { useMemo, useState, type Dispatch } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { toMusicXml } from '../../../music/bww/toMusicXml.ts';
import { writeBww } from '../../../music/bww/writeBww.ts';
import { pitches, type Hz, type Pitch } from '../../../music/notes.ts';
import { countIn, firstTimeSignature, tuneBpm } from '../../../music/tune/performance.ts';
import { tuneText } from '../../../music/tune/tune.ts';
import { activeChanter } from '../../lib/activeChanter.ts';
import { BWW_TYPE, MUSICXML_TYPE, type downloadText } from '../../lib/downloadText.ts';
import { keys } from '../../storage/keys.ts';
import { handOffTune } from '../../storage/tuneHandoff.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import type { NoteMarkStyle } from '../../ui/notation/applyNoteMarks.ts';
import { PipeScore } from '../../ui/notation/PipeScore.tsx';
import { fileSlug } from '../../ui/tunes/openBww.ts';
import { PlaybackControls, type PlaybackSettings } from '../../ui/tunes/PlaybackControls.tsx';
import { useTunePlayer, type CreateTunePlayer } from '../../ui/tunes/useTunePlayer.ts';
import { BarList, CHECK_THIS_BAR } from './BarList.tsx';
import { barBalance } from './barBalance.ts';
import { timeAt } from './editRecognisedBar.ts';
import { barAt, locateNote, noteIndexOf, notesInBar } from './editRecognisedNote.ts';
import { NoteEditor } from './NoteEditor.tsx';
import {
  needsCheck,
  type OmrAction,
  type Reading,
  type Selection,
  type ShownPage,
} from './omrScreenState.ts';
import { SaveToLibrary } from './SaveToLibrary.tsx';
import { usePlaybackPerformance } from '../../ui/tunes/usePlaybackPerformance.ts';

export interface RecognisedTuneProps {
  readonly reading: Reading;
  readonly page: ShownPage;
  /** The file's name, for downloads when the page gave no title. */
  readonly name: string;
  readonly selection: Selection | null;
  readonly hover: number | null;
  readonly canUndo: boolean;
  readonly dispatch: Dispatch<OmrAction>;
  readonly createPlayer?: CreateTunePlayer;
  readonly download: typeof downloadText;
  readonly fetchImpl?: typeof fetch;
}

const MARK_CHECK: NoteMarkStyle = { kind: 'omr-check', symbol: '?', label: CHECK_THIS_BAR };
const MARK_SELECTED: NoteMarkStyle = {
  kind: 'omr-selected',
  symbol: '▾',
  label: 'Being corrected',
};
const MARK_HOVER: NoteMarkStyle = {
  kind: 'omr-hover',
  symbol: '·',
  label: 'Outlined on the page',
};

/**
 * The tune read from the page, beside it (issue 20 item 2): the bars, the correction editor,
 * the score, playback with Sheet Music's controls, Play-along, downloads and saving. Mounted
 * afresh for each page (keyed by it), so the player and tempo start over with a new tune.
 */
export function RecognisedTune({
  reading,
  page,
  name,
  selection,
  hover,
  canUndo,
  dispatch,
  createPlayer,
  download,
  fetchImpl,
}: RecognisedTuneProps) {
  const tune = reading.tune;
  const { player, state: playerState } = useTunePlayer(createPlayer);
  const [chanterId] = useStoredValue(keys.chanterId);
  const [customs] = useStoredValue(keys.customChanters);
  const frequencies = useMemo(() => {
    const hz = activeChanter(chanterId, customs).frequencies;
    return Object.fromEntries(pitches.map((p, i) => [p, hz[i] ?? 0])) as Record<Pitch, Hz>;
  }, [chanterId, customs]);
  const [settings, setSettings] = useState<PlaybackSettings>(() => ({
    bpm: tuneBpm(tune),
    countIn: false,
    drones: false,
    droneVolume: 0.35,
    loopPart: null,
    graceAnchor: 'on-beat',
  }));
  const unsure = (bar: number) => needsCheck(reading, bar);

  const performance = usePlaybackPerformance(tune, settings);

  // Marks on the score: bars to check, the bar outlined on the page, the bar being corrected.
  const marks = useMemo(() => {
    const map = new Map<number, NoteMarkStyle>();
    const markBar = (bar: number, style: NoteMarkStyle) => {
      const b = reading.bars[bar];
      if (!b) return;
      const count = notesInBar(barAt(reading.tune, b)).length;
      for (let n = 0; n < count; n++) {
        const index = noteIndexOf(reading.tune, b, n);
        if (index !== null) map.set(index, style);
      }
    };
    reading.bars.forEach((_, i) => {
      if (needsCheck(reading, i)) markBar(i, MARK_CHECK);
    });
    if (hover !== null) markBar(hover, MARK_HOVER);
    if (selection) markBar(selection.bar, MARK_SELECTED);
    return map;
  }, [reading, hover, selection]);

  /** The bar (index into reading.bars) and note a tap on the score landed on. */
  function barOfScoreTarget(target: EventTarget | null): { bar: number; note: number } | null {
    if (!(target instanceof Element)) return null;
    const element = target.closest('[data-note-index]');
    const index = Number(element?.getAttribute('data-note-index'));
    if (!element || !Number.isInteger(index)) return null;
    const place = locateNote(reading.tune, index);
    if (!place) return null;
    const bar = reading.bars.findIndex(
      (b) => b.part === place.ref.part && b.line === place.ref.line && b.bar === place.ref.bar,
    );
    return bar < 0 ? null : { bar, note: place.noteInBar };
  }

  function play() {
    player.play(performance, {
      from: playerState.state === 'paused' ? playerState.position : 0,
      frequencies,
      loop: settings.loopPart !== null,
      drones: settings.drones ? settings.droneVolume : null,
      countIn: settings.countIn ? countIn(firstTimeSignature(tune), settings.bpm) : null,
    });
  }

  const title = tuneText(tune, 'title') || name;
  const selectedBar = selection ? reading.bars[selection.bar] : undefined;
  const selectedTuneBar = selectedBar ? barAt(tune, selectedBar) : null;

  return (
    <div className="omr-tune-column">
      <div className="omr-toolbar">
        <button
          type="button"
          className="button secondary"
          disabled={!canUndo}
          onClick={() => dispatch({ type: 'undo' })}
        >
          Undo
        </button>
        {reading.warnings.length > 0 && (
          <details className="omr-warnings">
            <summary>
              {reading.warnings.length === 1
                ? '1 thing was read with doubt or skipped'
                : `${reading.warnings.length} things were read with doubt or skipped`}
            </summary>
            <ul>
              {reading.warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          </details>
        )}
      </div>
      <BarList
        bars={reading.bars}
        hover={hover}
        selected={selection?.bar ?? null}
        unsure={unsure}
        onHover={(bar) => dispatch({ type: 'hover', bar })}
        onSelect={(bar) => dispatch({ type: 'select', selection: { bar, note: null } })}
      />
      {selection && selectedBar && selectedTuneBar && (
        <NoteEditor
          page={page}
          bar={selectedBar}
          barNumber={selection.bar + 1}
          notes={notesInBar(barAt(tune, selectedBar))}
          note={selection.note}
          needsCheck={needsCheck(reading, selection.bar)}
          onChooseNote={(note) =>
            dispatch({ type: 'select', selection: { bar: selection.bar, note } })
          }
          onEdit={(note, patch) => dispatch({ type: 'edit', bar: selection.bar, note, patch })}
          tuneBar={selectedTuneBar}
          time={timeAt(tune, selectedBar)}
          balance={barBalance(tune, selectedBar)}
          onAdd={(at, note) => dispatch({ type: 'insertNote', bar: selection.bar, at, note })}
          onDelete={(note) => dispatch({ type: 'deleteNote', bar: selection.bar, note })}
          onTime={(beats, beatType) =>
            dispatch({ type: 'setTime', bar: selection.bar, beats, beatType })
          }
          onBarLines={(change) => dispatch({ type: 'setBarLines', bar: selection.bar, ...change })}
          onMarkChecked={() => dispatch({ type: 'markChecked', bar: selection.bar })}
          onClose={() => dispatch({ type: 'select', selection: null })}
        />
      )}
      {/* Pointer help: a tap on a note opens it in the editor; the bar list above is
          the keyboard's way to the same editor. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        className="omr-score"
        onClick={(e) => {
          const hit = barOfScoreTarget(e.target);
          if (hit) dispatch({ type: 'select', selection: hit });
        }}
        // Hovering a note outlines its bar on the page; the keyboard does the same
        // from the bar list (its buttons' onFocus).
        // eslint-disable-next-line jsx-a11y/mouse-events-have-key-events
        onMouseOver={(e) => {
          const hit = barOfScoreTarget(e.target);
          if (hit) dispatch({ type: 'hover', bar: hit.bar });
        }}
      >
        <PipeScore tune={tune} activeNoteIndex={playerState.noteIndex} noteMarks={marks} />
      </div>
      <PlaybackControls
        state={playerState}
        settings={settings}
        fileBpm={tune.tempo}
        partCount={tune.parts.length}
        onChange={setSettings}
        onPlay={play}
        onPause={() => player.pause()}
        onStop={() => player.stop()}
      />
      <div className="omr-actions" role="group" aria-label="Use this tune">
        <Link
          to={paths.playAlong}
          className="button"
          onClick={() => handOffTune({ title: title || 'Recognised tune', bww: writeBww([tune]) })}
        >
          Open in Play-along
        </Link>
        <button
          type="button"
          className="button secondary"
          onClick={() =>
            download(`${fileSlug(title || 'recognised tune')}.bww`, writeBww([tune]), BWW_TYPE)
          }
        >
          Download BWW
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() =>
            download(
              `${fileSlug(title || 'recognised tune')}.musicxml`,
              toMusicXml(tune),
              MUSICXML_TYPE,
            )
          }
        >
          Download MusicXML
        </button>
      </div>
      <SaveToLibrary tune={tune} fetchImpl={fetchImpl} />
    </div>
  );
}
