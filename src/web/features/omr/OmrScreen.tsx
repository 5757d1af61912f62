import { useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { toMusicXml } from '../../../music/bww/toMusicXml.ts';
import { writeBww } from '../../../music/bww/writeBww.ts';
import { pitches, type Hz, type Pitch } from '../../../music/notes.ts';
import {
  countIn,
  firstTimeSignature,
  performTune,
  tuneBpm,
} from '../../../music/tune/performance.ts';
import { tuneText } from '../../../music/tune/tune.ts';
import { activeChanter } from '../../lib/activeChanter.ts';
import { BWW_TYPE, MUSICXML_TYPE, downloadText } from '../../lib/downloadText.ts';
import { handOffTune } from '../../storage/tuneHandoff.ts';
import { keys } from '../../storage/keys.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import type { NoteMarkStyle } from '../../ui/notation/applyNoteMarks.ts';
import { PipeScore } from '../../ui/notation/PipeScore.tsx';
import { OpenFile } from '../../ui/tunes/OpenFile.tsx';
import { fileSlug } from '../../ui/tunes/openBww.ts';
import { PlaybackControls, type PlaybackSettings } from '../../ui/tunes/PlaybackControls.tsx';
import { useTunePlayer, type CreateTunePlayer } from '../../ui/tunes/useTunePlayer.ts';
import { BarList, CHECK_THIS_BAR } from './BarList.tsx';
import { createOmrReader, type CreateOmrWorker } from './createOmrReader.ts';
import { locateNote, noteIndexOf, notesInBar, barAt } from './editRecognisedNote.ts';
import { NoteEditor } from './NoteEditor.tsx';
import { initialOmrState, needsCheck, omrReducer } from './omrScreenState.ts';
import { openPageFile, type OpenedPageFile } from './openPageFile.ts';
import { PageView } from './PageView.tsx';
import { SaveToLibrary } from './SaveToLibrary.tsx';
import './omr.css';

export interface OmrScreenProps {
  /** Test seams: the recognition worker, the player, downloads and the API's fetch. */
  readonly createWorker?: CreateOmrWorker;
  readonly createPlayer?: CreateTunePlayer;
  readonly download?: typeof downloadText;
  readonly fetchImpl?: typeof fetch;
}

const ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';

const STAGE_WORDS = {
  drawing: 'Drawing the PDF page…',
  decoding: 'Opening the picture…',
  recognising: 'Reading the music: staves, notes and grace notes…',
} as const;

const MARK_CHECK: NoteMarkStyle = { kind: 'omr-check', symbol: '?', label: CHECK_THIS_BAR };
const MARK_SELECTED: NoteMarkStyle = {
  kind: 'omr-selected',
  symbol: '▾',
  label: 'Being corrected',
};
const MARK_HOVER: NoteMarkStyle = { kind: 'omr-hover', symbol: '·', label: 'Outlined on the page' };

const DEFAULT_SETTINGS: PlaybackSettings = {
  bpm: 80,
  countIn: false,
  drones: false,
  droneVolume: 0.35,
  loopPart: null,
  graceAnchor: 'on-beat',
};

/**
 * Music Recognition (/omr; spec §2.1, issue 20 item 2): open or drop a picture or PDF of pipe
 * music, or take a photo; the page is read in a worker and the tune shown beside the picture,
 * each bar linked to its place on the page; bars read with doubt are marked; a tap corrects a
 * note; then play it, open it in Play-along, download it, or save it to the library.
 */
export default function OmrScreen({
  createWorker,
  createPlayer,
  download = downloadText,
  fetchImpl,
}: OmrScreenProps) {
  const titleId = useId();
  const photoId = useId();
  const pageSelectId = useId();
  const [state, dispatch] = useReducer(omrReducer, initialOmrState);
  const [reader] = useState(() => createOmrReader(createWorker));
  useEffect(() => () => reader.dispose(), [reader]);
  const { player, state: playerState } = useTunePlayer(createPlayer);
  const [chanterId] = useStoredValue(keys.chanterId);
  const [customs] = useStoredValue(keys.customChanters);
  const frequencies = useMemo(() => {
    const hz = activeChanter(chanterId, customs).frequencies;
    return Object.fromEntries(pitches.map((p, i) => [p, hz[i] ?? 0])) as Record<Pitch, Hz>;
  }, [chanterId, customs]);
  const [settings, setSettings] = useState<PlaybackSettings>(DEFAULT_SETTINGS);
  const [pageChoice, setPageChoice] = useState(1);

  // The latest file wins: answers for an older one are dropped.
  const job = useRef(0);
  const pdf = useRef<Extract<OpenedPageFile, { kind: 'pdf' }> | null>(null);
  // The picture's object URL lives until the next page (or leaving the screen).
  const shownUrl = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    },
    [],
  );

  async function readPicture(name: string, picture: Blob, mine: number) {
    if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    const url = URL.createObjectURL(picture);
    shownUrl.current = url;
    dispatch({ type: 'reading', name, stage: 'decoding', url });
    const outcome = await reader.read(picture, (stage) => {
      if (job.current === mine) dispatch({ type: 'reading', name, stage });
    });
    if (job.current !== mine || outcome.kind === 'cancelled') return;
    if (outcome.kind === 'failed') {
      dispatch({ type: 'failed', name, message: outcome.message });
      return;
    }
    player.stop();
    const { result } = outcome;
    dispatch({ type: 'read', name, page: { url, ...outcome.page }, result });
    if (result.ok) setSettings((s) => ({ ...s, bpm: tuneBpm(result.tune), loopPart: null }));
  }

  async function readPdfPage(name: string, pageNumber: number, mine: number) {
    const file = pdf.current;
    if (!file) return;
    dispatch({ type: 'reading', name, stage: 'drawing' });
    let picture: Blob;
    try {
      picture = await file.renderPage(pageNumber);
    } catch {
      if (job.current === mine)
        dispatch({
          type: 'failed',
          name,
          message: `Page ${pageNumber} of “${name}” could not be drawn.`,
        });
      return;
    }
    if (job.current === mine) await readPicture(name, picture, mine);
  }

  async function openFile(file: File) {
    const mine = ++job.current;
    player.stop();
    dispatch({ type: 'opening', name: file.name });
    const opened = await openPageFile(file);
    if (job.current !== mine) return;
    if (opened.kind === 'error') {
      dispatch({ type: 'failed', name: file.name, message: opened.message });
      return;
    }
    if (opened.kind === 'image') {
      pdf.current = null;
      await readPicture(opened.name, opened.page, mine);
      return;
    }
    pdf.current = opened;
    if (opened.pageCount > 1) {
      setPageChoice(1);
      dispatch({ type: 'choosePage', name: opened.name, pageCount: opened.pageCount });
    } else await readPdfPage(opened.name, 1, mine);
  }

  const { phase, reading, page, selection, hover } = state;
  const tune = reading?.tune ?? null;
  const unsure = (bar: number) => (reading ? needsCheck(reading, bar) : false);
  const toCheck = reading ? reading.bars.filter((_, i) => needsCheck(reading, i)).length : 0;

  const performance = useMemo(
    () =>
      tune
        ? performTune(tune, {
            bpm: settings.bpm,
            part:
              settings.loopPart !== null && settings.loopPart < tune.parts.length
                ? settings.loopPart
                : null,
            graceAnchor: settings.graceAnchor,
          })
        : null,
    [tune, settings.bpm, settings.loopPart, settings.graceAnchor],
  );

  // Marks on the score: bars to check, the bar outlined on the page, the bar being corrected.
  const marks = useMemo(() => {
    const map = new Map<number, NoteMarkStyle>();
    if (!reading) return map;
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

  /** The OmrBar (index) a note of the score belongs to, from its data-note-index. */
  function barOfScoreTarget(target: EventTarget | null): { bar: number; note: number } | null {
    if (!reading || !(target instanceof Element)) return null;
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
    if (!performance || !tune) return;
    player.play(performance, {
      from: playerState.state === 'paused' ? playerState.position : 0,
      frequencies,
      loop: settings.loopPart !== null,
      drones: settings.drones ? settings.droneVolume : null,
      countIn: settings.countIn ? countIn(firstTimeSignature(tune), settings.bpm) : null,
    });
  }

  const title = tune ? tuneText(tune, 'title') || (phase.kind === 'read' ? phase.name : '') : '';
  const selectedBar = selection && reading ? reading.bars[selection.bar] : undefined;
  const busy = phase.kind === 'opening' || phase.kind === 'reading';

  return (
    <section className="page omr" aria-labelledby={titleId}>
      <h1 id={titleId}>Music Recognition</h1>
      <p className="omr-intro">
        Turn a printed or scanned page of pipe music into a tune you can hear, correct, play along
        with and keep. The page is read on this device: nothing is uploaded unless you save it.
      </p>

      <div className="omr-sources card">
        <OpenFile
          heading="Open a page of music"
          accept={ACCEPT}
          label="Open a picture or PDF"
          hint="or drop a PNG, JPEG or PDF page here. A scan at 200 dpi or a sharp, flat photo reads best."
          onFile={(f) => void openFile(f)}
        />
        <div className="omr-photo">
          <label htmlFor={photoId} className="button secondary">
            Take a photo
          </label>
          <input
            id={photoId}
            className="omr-photo-input"
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void openFile(file);
              e.target.value = '';
            }}
          />
        </div>
      </div>

      <div className="omr-status" role="status" aria-live="polite">
        {phase.kind === 'opening' && <p>Opening “{phase.name}”…</p>}
        {phase.kind === 'reading' && (
          <p className="omr-progress">
            <progress aria-label="Reading the page" />
            <span>{STAGE_WORDS[phase.stage]}</span>
          </p>
        )}
        {phase.kind === 'read' && reading && (
          <p>
            Read {reading.bars.length} {reading.bars.length === 1 ? 'bar' : 'bars'} from “
            {phase.name}”.{' '}
            {toCheck > 0
              ? `${toCheck} marked “${CHECK_THIS_BAR}”: the reader was unsure of them.`
              : 'Tap a bar or note to correct it.'}
          </p>
        )}
      </div>

      {phase.kind === 'failed' && (
        <p className="omr-error" role="alert">
          {phase.message}
        </p>
      )}

      {phase.kind === 'choosePage' && (
        <div className="omr-pdf-page card">
          <label htmlFor={pageSelectId}>
            “{phase.name}” has {phase.pageCount} pages. Which one?
          </label>
          <select
            id={pageSelectId}
            value={pageChoice}
            onChange={(e) => setPageChoice(Number(e.target.value))}
          >
            {Array.from({ length: phase.pageCount }, (_, i) => (
              <option key={i} value={i + 1}>
                Page {i + 1}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            onClick={() => void readPdfPage(phase.name, pageChoice, job.current)}
          >
            Read this page
          </button>
        </div>
      )}

      {(page || reading) && (
        <div className={`omr-layout${busy ? ' is-busy' : ''}`}>
          <div className="omr-page-column">
            {page && (
              <PageView
                page={page}
                name={phase.kind === 'empty' ? '' : (phase.name ?? '')}
                bars={reading?.bars ?? []}
                hover={hover}
                selected={selection?.bar ?? null}
                unsure={unsure}
                onHover={(bar) => dispatch({ type: 'hover', bar })}
                onSelect={(bar) => dispatch({ type: 'select', selection: { bar, note: null } })}
              />
            )}
          </div>
          {reading && tune && page && (
            <div className="omr-tune-column">
              <div className="omr-toolbar">
                <button
                  type="button"
                  className="button secondary"
                  disabled={state.undo.length === 0}
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
              {selection && selectedBar && (
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
                  onEdit={(note, patch) =>
                    dispatch({ type: 'edit', bar: selection.bar, note, patch })
                  }
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
                  onClick={() =>
                    handOffTune({ title: title || 'Recognised tune', bww: writeBww([tune]) })
                  }
                >
                  Open in Play-along
                </Link>
                <button
                  type="button"
                  className="button secondary"
                  onClick={() =>
                    download(
                      `${fileSlug(title || 'recognised tune')}.bww`,
                      writeBww([tune]),
                      BWW_TYPE,
                    )
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
              <SaveToLibrary key={page.url} tune={tune} fetchImpl={fetchImpl} />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
