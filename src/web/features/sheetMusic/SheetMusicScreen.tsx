import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { writeBww } from '../../../music/bww/writeBww.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { toMusicXml } from '../../../music/bww/toMusicXml.ts';
import {
  libraryTunes as builtInTunes,
  type LibraryTune,
} from '../../../music/library/libraryTunes.ts';
import {
  countIn,
  firstTimeSignature,
  tuneBpm,
  type Performance,
} from '../../../music/tune/performance.ts';
import { decodeBww } from '../../../music/bww/decodeBww.ts';
import { pitches, type Hz, type Pitch } from '../../../music/notes.ts';
import { tuneText } from '../../../music/tune/tune.ts';
import { tuneName } from '../../../music/tune/tuneNames.ts';
import { activeChanter } from '../../lib/activeChanter.ts';
import { keys, type RecentTune } from '../../storage/keys.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { PipeScore } from '../../ui/notation/PipeScore.tsx';
import { BWW_TYPE, MUSICXML_TYPE, downloadText } from '../../lib/downloadText.ts';
import { OpenFile } from '../../ui/tunes/OpenFile.tsx';
import { chosenTempo } from './chosenTempo.ts';
import { fileSlug, openBww, type OpenedFile } from '../../ui/tunes/openBww.ts';
import { PlaybackControls, type PlaybackSettings } from '../../ui/tunes/PlaybackControls.tsx';
import { rememberTune } from './rememberTune.ts';
import { restoreTune } from './restoreTune.ts';
import { tempoKey } from './tempoKey.ts';
import { TuneLibrary } from '../../ui/tunes/TuneLibrary.tsx';
import { useTunePlayer, type CreateTunePlayer } from '../../ui/tunes/useTunePlayer.ts';
import { withTempo } from './withTempo.ts';
import { useLinkedTune } from '../../ui/tunes/useLinkedTune.ts';
import { usePracticeSession } from '../../lib/usePracticeSession.ts';
import './sheetMusic.css';
import { trackFeature } from '../../lib/analytics.ts';
import { setSourceOf, useLocationSearch } from './setQuery.ts';
import { SheetMusicSet } from './SheetMusicSet.tsx';
import { usePlaybackPerformance } from '../../ui/tunes/usePlaybackPerformance.ts';

export interface SheetMusicScreenProps {
  /** /import-song opens on 'open a local file'; /sheet-music on the library. */
  readonly mode?: 'library' | 'import';
  /** Test seams. */
  readonly createPlayer?: CreateTunePlayer;
  readonly library?: readonly LibraryTune[];
  readonly download?: typeof downloadText;
}

/**
 * Sheet Music (/sheet-music) and Import Song (/import-song) — spec §2.1, issue 6 item 8:
 * open a tune from the built-in library or a local .bww file, see it as pipe music, hear it
 * with tempo, count-in, drones and part loop while a cursor follows the sound, and download
 * it as BWW or MusicXML.
 */
export default function SheetMusicScreen(props: SheetMusicScreenProps) {
  // Issue 15 item 7: `?playlist=…` or `?shared=…` opens a set to play through.
  const search = useLocationSearch();
  const source = useMemo(
    () => (props.mode === 'import' ? null : setSourceOf(search)),
    [props.mode, search],
  );
  if (!source) return <SheetMusicTune {...props} />;
  return (
    <section className="page sheet-music" aria-label="Sheet Music">
      <h1>Sheet Music</h1>
      <SheetMusicSet source={source} createPlayer={props.createPlayer} />
    </section>
  );
}

function SheetMusicTune({
  mode = 'library',
  createPlayer,
  library = builtInTunes,
  download = downloadText,
}: SheetMusicScreenProps) {
  const { player, state } = useTunePlayer(createPlayer);
  // Playback sounds the chanter chosen in Settings (a calibrated one plays in its own tuning).
  const [chanterId] = useStoredValue(keys.chanterId);
  const [customs] = useStoredValue(keys.customChanters);
  const frequencies = useMemo(() => {
    const hz = activeChanter(chanterId, customs).frequencies;
    return Object.fromEntries(pitches.map((p, i) => [p, hz[i] ?? 0])) as Record<Pitch, Hz>;
  }, [chanterId, customs]);
  const titleId = useId();
  const tuneSelectId = useId();
  // Issue 6 item 8: the tune and playback choices the piper left are remembered across visits.
  const [recent, setRecent] = useStoredValue(keys.sheetMusicRecent);
  const [prefs, setPrefs] = useStoredValue(keys.sheetMusicPreferences);
  // Sheet Music reopens the remembered tune (else the first library tune) at once; Import Song
  // waits for the piper's file.
  const [initial] = useState(() => (mode === 'library' ? restoreTune(recent, library) : null));
  const [opened, setOpened] = useState<OpenedFile | null>(initial?.file ?? null);
  const [current, setCurrent] = useState<RecentTune | null>(initial?.ref ?? null);
  const libraryId = current?.kind === 'library' ? current.id : null;
  const [tuneIndex, setTuneIndex] = useState(initial?.tuneIndex ?? 0);
  const [error, setError] = useState<string | null>(null);
  const tune = opened?.tunes[tuneIndex] ?? opened?.tunes[0] ?? null;
  const fileBpm = tune?.tempo ?? null;
  const [settings, setSettings] = useState<PlaybackSettings>(() => ({
    bpm: initial && tune ? chosenTempo(prefs.tempos, initial.ref, initial.tuneIndex, tune) : 80,
    countIn: prefs.countIn,
    drones: prefs.drones,
    droneVolume: prefs.droneVolume,
    loopPart: null,
    graceAnchor: prefs.graceAnchor,
  }));
  // Issue 18 item 2: playback is a session, with its tune and tempo.
  usePracticeSession('sheetMusic', state.state === 'playing', {
    details: {
      tune:
        tune && opened
          ? {
              id: libraryId ?? opened.name,
              title: tuneName(tune, tuneIndex).title || tuneText(tune, 'title') || opened.name,
            }
          : null,
      tempo: settings.bpm,
    },
  });

  // Issue 21.1: the prerendered first view, and hydrating it, know no stored tune or choices.
  // Once hydrated, reopen what the piper left, as a mount in the browser does above.
  const hydrated = useHydrated();
  const hydrating = useRef(!hydrated);
  useEffect(() => {
    if (!hydrated || !hydrating.current) return;
    hydrating.current = false;
    const again = mode === 'library' ? restoreTune(recent, library) : null;
    if (!again) return;
    const againTune = again.file.tunes[again.tuneIndex] ?? again.file.tunes[0] ?? null;
    setOpened(again.file);
    setCurrent(again.ref);
    setTuneIndex(again.tuneIndex);
    setSettings((s) => ({
      ...s,
      bpm: againTune ? chosenTempo(prefs.tempos, again.ref, again.tuneIndex, againTune) : s.bpm,
      countIn: prefs.countIn,
      drones: prefs.drones,
      droneVolume: prefs.droneVolume,
      graceAnchor: prefs.graceAnchor,
    }));
  }, [hydrated, mode, recent, library, prefs]);

  /** The piper's choices apply now and are stored for the next visit (a failed write is harmless). */
  function changeSettings(next: PlaybackSettings) {
    setSettings(next);
    setPrefs({
      countIn: next.countIn,
      drones: next.drones,
      droneVolume: next.droneVolume,
      graceAnchor: next.graceAnchor,
      tempos:
        current && next.bpm !== settings.bpm
          ? withTempo(prefs.tempos, tempoKey(current, tuneIndex), next.bpm)
          : prefs.tempos,
    });
  }

  const performance = usePlaybackPerformance(tune, settings);

  const show = useCallback(
    (file: OpenedFile, ref: RecentTune) => {
      player.stop();
      setOpened(file);
      setCurrent(ref);
      setTuneIndex(0);
      setError(null);
      setRecent(rememberTune(ref, 0));
      const first = file.tunes[0];
      if (first) {
        const bpm = chosenTempo(prefs.tempos, ref, 0, first);
        setSettings((s) => ({ ...s, bpm, loopPart: null }));
      }
    },
    [player, setRecent, prefs.tempos],
  );

  // Issue 15 item 5: a library setting opened from its tune page (?tune=…&setting=…).
  const linked = useLinkedTune(({ title, bww }) => {
    const result = openBww(title, bww, 'library');
    if (result.ok) show(result.file, { kind: 'file', name: title, bww });
    else setError(result.message);
  });

  function openLibrary(id: string) {
    const entry = library.find((t) => t.id === id);
    if (!entry) return;
    const result = openBww(entry.title, entry.bww, 'library');
    if (result.ok) show(result.file, { kind: 'library', id });
    else setError(result.message);
  }

  async function openFile(file: File) {
    let bytes: ArrayBuffer;
    try {
      bytes = await file.arrayBuffer();
    } catch {
      setError(`“${file.name}” could not be read. Nothing was changed.`);
      return;
    }
    // Decoded once here so that the text can be remembered as well as shown.
    const text = decodeBww(bytes);
    const result = openBww(file.name, text, 'file');
    if (result.ok) show(result.file, { kind: 'file', name: file.name, bww: text });
    else setError(result.message);
  }

  const playOptions = (from: number) => ({
    from,
    frequencies,
    loop: settings.loopPart !== null,
    drones: settings.drones ? settings.droneVolume : null,
    countIn: settings.countIn && tune ? countIn(firstTimeSignature(tune), settings.bpm) : null,
  });

  function play() {
    if (!performance) return;
    if (state.state !== 'paused') trackFeature('sheet_music', 'play');
    player.play(performance, playOptions(state.state === 'paused' ? state.position : 0));
  }

  // A new tempo or loop choice while playing carries on from the same place in the music.
  const playing = useRef<Performance | null>(null);
  useEffect(() => {
    const before = playing.current;
    playing.current = performance;
    if (!performance || !before || before === performance) return;
    if (player.getSnapshot().state !== 'playing') return;
    const sameShape = before.events.length === performance.events.length;
    const from = sameShape ? (player.position() * before.bpm) / performance.bpm : 0;
    player.play(performance, { ...playOptions(from), countIn: null });
    // playOptions reads the current settings; only the performance triggers a restart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [performance, player]);

  // Drones follow their switch and volume at once, without restarting the tune.
  useEffect(() => {
    if (player.getSnapshot().state !== 'playing') return;
    player.setDroneVolume(settings.drones ? settings.droneVolume : null);
  }, [player, settings.drones, settings.droneVolume]);

  function downloadBww() {
    if (!opened || !tune) return;
    download(
      `${fileSlug(tuneText(tune, 'title') || opened.name)}.bww`,
      writeBww(opened.tunes),
      BWW_TYPE,
    );
  }
  function downloadMusicXml() {
    if (!tune) return;
    download(
      `${fileSlug(tuneText(tune, 'title') || (opened?.name ?? ''))}.musicxml`,
      toMusicXml(tune),
      MUSICXML_TYPE,
    );
  }

  const heading = mode === 'import' ? 'Import Song' : 'Sheet Music';
  const fileSection = (
    <OpenFile
      heading={mode === 'import' ? 'Open a tune from your device' : 'Open your own file'}
      onFile={(f) => void openFile(f)}
    />
  );
  const librarySection = (
    <TuneLibrary tunes={library} selectedId={libraryId} onOpen={openLibrary} />
  );

  return (
    <section className="page sheet-music" aria-labelledby={titleId}>
      <h1 id={titleId}>{heading}</h1>
      <div className="sheet-layout">
        <div className="sheet-sources card" id="sheet-sources">
          {mode === 'import' ? (
            <>
              {fileSection}
              {librarySection}
            </>
          ) : (
            <>
              {librarySection}
              {fileSection}
            </>
          )}
        </div>
        <div className="sheet-main">
          {(error ?? linked.error) && (
            <p className="sheet-error" role="alert">
              {error ?? linked.error}
            </p>
          )}
          {opened && tune ? (
            <>
              <div className="sheet-file">
                <p className="sheet-file-name">
                  {opened.source === 'file' ? 'File: ' : 'Library: '}
                  <strong>{opened.name}</strong>
                </p>
                {/* On a phone the library sits below the score: one tap away. */}
                <a className="sheet-jump" href="#sheet-sources">
                  Choose another tune
                </a>
                {opened.tunes.length > 1 && (
                  <p>
                    <label htmlFor={tuneSelectId}>Tune in this file</label>{' '}
                    <select
                      id={tuneSelectId}
                      value={tuneIndex}
                      onChange={(e) => {
                        player.stop();
                        const index = Number(e.target.value);
                        setTuneIndex(index);
                        if (current) setRecent(rememberTune(current, index));
                        const next = opened.tunes[index];
                        if (next) {
                          const bpm = current
                            ? chosenTempo(prefs.tempos, current, index, next)
                            : tuneBpm(next);
                          setSettings((s) => ({ ...s, bpm, loopPart: null }));
                        }
                      }}
                    >
                      {opened.tunes.map((t, i) => {
                        // Issue 22 item 9: each tune by its own name, with its composer.
                        const name = tuneName(t, i);
                        return (
                          <option key={i} value={i}>
                            {name.composer ? `${name.title} — ${name.composer}` : name.title}
                          </option>
                        );
                      })}
                    </select>
                  </p>
                )}
              </div>
              {opened.warnings.length > 0 && (
                <details className="sheet-warnings">
                  <summary>
                    {opened.warnings.length === 1
                      ? '1 thing in this file could not be read'
                      : `${opened.warnings.length} things in this file could not be read`}
                    ; the rest of the tune is shown.
                  </summary>
                  <ul>
                    {opened.warnings.map((w, i) => (
                      <li key={i}>
                        <span className="sheet-where">
                          Line {w.line}:{w.column}
                        </span>{' '}
                        {w.message}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
              <PlaybackControls
                state={state}
                settings={settings}
                fileBpm={fileBpm}
                partCount={tune.parts.length}
                onChange={changeSettings}
                onPlay={play}
                onPause={() => player.pause()}
                onStop={() => player.stop()}
              />
              <div className="sheet-score" data-active-note={state.noteIndex ?? ''}>
                <PipeScore tune={tune} tuneIndex={tuneIndex} activeNoteIndex={state.noteIndex} />
              </div>
              <div className="sheet-downloads" role="group" aria-label="Download">
                <button type="button" className="button secondary" onClick={downloadBww}>
                  Download BWW
                </button>
                <button type="button" className="button secondary" onClick={downloadMusicXml}>
                  Download MusicXML
                </button>
              </div>
            </>
          ) : (
            <p className="sheet-muted sheet-empty">
              {mode === 'import'
                ? 'Open a Bagpipe Music Writer (.bww) file to see it as pipe music and hear it played.'
                : 'Choose a tune from the library or open a .bww file.'}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
