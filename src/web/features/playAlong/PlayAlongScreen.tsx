import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { sharedAudioContext } from '../../../audio/audioContext.ts';
import { MIN_NOTE } from '../../../audio/playAlong/playAlongSession.ts';
import { decodeBww } from '../../../music/bww/decodeBww.ts';
import {
  libraryTunes as builtInTunes,
  type LibraryTune,
} from '../../../music/library/libraryTunes.ts';
import { expectedEvents } from '../../../music/playAlong/expectedEvents.ts';
import { summariseRun } from '../../../music/playAlong/runSummary.ts';
import { sliceBars } from '../../../music/playAlong/sliceBars.ts';
import {
  countIn,
  firstTimeSignature,
  performTune,
  tuneBpm,
} from '../../../music/tune/performance.ts';
import { barsOf, tuneText } from '../../../music/tune/tune.ts';
import { tuneName } from '../../../music/tune/tuneNames.ts';
import { pitches, type Hz, type Pitch } from '../../../music/notes.ts';
import { useNoteInput } from '../../lib/useNoteInput.ts';
import { latencyFor } from '../../storage/inputLatency.ts';
import { keys } from '../../storage/keys.ts';
import { addRun } from '../../storage/playAlongHistory.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { MicrophoneErrorPanel } from '../../ui/listening/MicrophoneErrorPanel.tsx';
import { PipeScore } from '../../ui/notation/PipeScore.tsx';
import type { NoteMarkStyle } from '../../ui/notation/applyNoteMarks.ts';
import { OpenFile } from '../../ui/tunes/OpenFile.tsx';
import { openBww, type OpenedFile } from '../../ui/tunes/openBww.ts';
import { useLinkedTune } from '../../ui/tunes/useLinkedTune.ts';
import { takeHandedTune } from '../../storage/tuneHandoff.ts';
import { TuneLibrary } from '../../ui/tunes/TuneLibrary.tsx';
import { useTunePlayer, type CreateTunePlayer } from '../../ui/tunes/useTunePlayer.ts';
import { LatencyPanel } from './LatencyPanel.tsx';
import { noteMarkStyle, verdictWords } from './noteMarkStyle.ts';
import { PlayAlongControls } from './PlayAlongControls.tsx';
import { PlayAlongReview } from './PlayAlongReview.tsx';
import { defaultSettings, type PlayAlongSettings } from './playAlongSettings.ts';
import { usePlayAlongSession } from './usePlayAlongSession.ts';
import { usePracticeSession } from '../../lib/usePracticeSession.ts';
import './playAlong.css';

export interface PlayAlongScreenProps {
  /** Test seams. */
  readonly createPlayer?: CreateTunePlayer;
  readonly library?: readonly LibraryTune[];
}

/** A file can hold several tunes: the second and later are told apart by their place. */
function runTuneId(id: string, tuneIndex: number): string {
  return tuneIndex > 0 ? `${id}#${tuneIndex}` : id;
}

interface Chosen {
  readonly file: OpenedFile;
  /** Library id or file name: the run history's tune id. */
  readonly id: string;
}

/**
 * Play Along (/play-along; spec §1, §2.1; issue 14 item 4): pick a tune, play it on the chanter
 * (microphone or keyboard chanter) in real time with a count-in and a guide, or in wait mode;
 * each judged note lights on the score; afterwards a review, saved to the run history.
 */
export default function PlayAlongScreen({
  createPlayer,
  library = builtInTunes,
}: PlayAlongScreenProps) {
  const titleId = useId();
  const { player } = useTunePlayer(createPlayer);
  // Spec §3: no 'playalong' dialog scope, so only the microphone dialogs are shown here. The
  // input is the global microphone and chanter (schema v2): the per-activity 'playalong'
  // record of spec §3 is schema v1, read only by the migration; writing it would make a
  // current store look old and bring back the migration notice (schemaVersion.ts).
  const noteInput = useNoteInput({ microphoneDialogs: true });
  const [deviceId] = useStoredValue(keys.microphone);
  const [latencies] = useStoredValue(keys.inputLatency);
  const keyboard = noteInput.input === 'keyboard';
  // ADR 024: the microphone's round trip comes off every onset; the keyboard has no acoustic path.
  const latency = keyboard ? 0 : (latencyFor(latencies, deviceId)?.ms ?? 0) / 1000;
  const { session, snapshot } = usePlayAlongSession(
    player,
    noteInput.noteEvents,
    latency,
    keyboard ? 0 : MIN_NOTE,
  );
  const [history, setHistory] = useStoredValue(keys.playAlongHistory);

  const [chosen, setChosen] = useState<Chosen | null>(() => {
    const first = library[0];
    const opened = first ? openBww(first.title, first.bww, 'library') : null;
    return first && opened?.ok ? { file: opened.file, id: first.id } : null;
  });
  const [error, setError] = useState<string | null>(null);
  const [settings, setSettings] = useState<PlayAlongSettings>(defaultSettings);
  const [tuneIndex, setTuneIndex] = useState(0);
  const tuneSelectId = useId();
  const tune = chosen?.file.tunes[tuneIndex] ?? chosen?.file.tunes[0] ?? null;
  const running = snapshot.state === 'playing' || snapshot.state === 'countingIn';

  const run = useMemo(() => {
    if (!tune) return null;
    // Wait mode judges no timing: the tune's own tempo only spaces the expected events.
    const percent = settings.mode === 'play' ? settings.tempoPercent : 100;
    const bpm = Math.round((tuneBpm(tune) * percent) / 100);
    const part = settings.loop.kind === 'part' ? settings.loop.part : null;
    const expected = expectedEvents(tune, { bpm, part }).events;
    const performance = performTune(tune, { bpm, part });
    const cut =
      settings.loop.kind === 'bars'
        ? sliceBars(expected, performance, settings.loop.from, settings.loop.to)
        : null;
    return {
      bpm,
      expected: cut?.expected ?? expected,
      performance: cut?.performance ?? performance,
    };
  }, [tune, settings.mode, settings.tempoPercent, settings.loop]);

  function choose(file: OpenedFile, id: string) {
    session.reset();
    setChosen({ file, id });
    setTuneIndex(0);
    setError(null);
    setSettings((s) => ({ ...s, loop: { kind: 'none' } }));
  }
  // Issue 15 item 5: a library setting opened from its tune page (?tune=…&setting=…).
  const linked = useLinkedTune(({ title, bww, settingId }) => {
    const result = openBww(title, bww, 'library');
    if (result.ok) choose(result.file, `setting:${settingId}`);
    else setError(result.message);
  });
  // Issue 20 item 2: a tune read from a picture on /omr ('Open in Play-along'), taken once
  // after hydration (the prerendered view knows no handed tune).
  useEffect(() => {
    const handed = takeHandedTune();
    if (!handed) return;
    const result = openBww(handed.title, handed.bww, 'file');
    if (result.ok) choose(result.file, handed.title);
    else setError(result.message);
    // choose() is stable in effect: it only sets state and resets the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  function openLibrary(id: string) {
    const entry = library.find((t) => t.id === id);
    if (!entry) return;
    const result = openBww(entry.title, entry.bww, 'library');
    if (result.ok) choose(result.file, id);
    else setError(result.message);
  }
  async function openFile(file: File) {
    try {
      const result = openBww(file.name, decodeBww(await file.arrayBuffer()), 'file');
      if (result.ok) choose(result.file, file.name);
      else setError(result.message);
    } catch {
      setError(`“${file.name}” could not be read. Nothing was changed.`);
    }
  }

  async function start() {
    if (!tune || !run) return;
    const realTime = settings.mode === 'play' && !settings.startOnFirstNote;
    if (!noteInput.listening) noteInput.start();
    if (realTime || settings.drones || !keyboard) {
      // Inside the click (get() in running() is synchronous): the AudioContext may only start
      // in a user gesture. The run waits until it runs, so that the count-in, the guide and the
      // note events share one clock (a suspended context's currentTime stands still).
      await sharedAudioContext().running();
    }
    // The guide sounds the piper's own chanter (its calibrated tuning), as Sheet Music does.
    const hz = noteInput.chanter.frequencies;
    const frequencies = Object.fromEntries(pitches.map((p, i) => [p, hz[i] ?? 0])) as Record<
      Pitch,
      Hz
    >;
    const count = countIn(firstTimeSignature(tune), run.bpm);
    const beat = 60 / run.bpm;
    const beats: number[] = [];
    for (let t = 0; t < run.performance.durationSeconds - 1e-6; t += beat) beats.push(t);
    session.start({
      expected: run.expected,
      performance: run.performance,
      settings: {
        mode: settings.mode,
        guide: settings.guide,
        difficulty: settings.difficulty,
        countIn: count,
        beats,
        loop: settings.loop.kind !== 'none',
        drones: settings.drones ? 0.35 : null,
        startOnFirstNote: settings.startOnFirstNote,
        frequencies,
      },
    });
    // The listening engine cancels the app's own drones from the microphone (issue 4 point 3;
    // drones.ts: the bass at Low A / 4), as on every listening screen.
    if (settings.drones && !keyboard) noteInput.setDrones(frequencies.LA / 4);
  }

  // Drones end with the run: nothing is left to cancel.
  const { setDrones } = noteInput;
  useEffect(() => {
    if (!running) setDrones(null);
  }, [running, setDrones]);

  const summary = useMemo(
    () =>
      snapshot.result ? summariseRun(snapshot.result.events, snapshot.result.embellishments) : null,
    [snapshot.result],
  );

  // Issue 18 item 2: each run is a practice session; its verdicts per embellishment family
  // (right = complete, missing = graces missing, wrong = any other fault) arrive with its end.
  const runName =
    tune && chosen
      ? tuneName(tune, tuneIndex).title || tuneText(tune, 'title') || chosen.file.name
      : '';
  usePracticeSession('playAlong', running, {
    noteEvents: noteInput.noteEvents,
    details: {
      tune: tune && chosen ? { id: runTuneId(chosen.id, tuneIndex), title: runName } : null,
      tempo: run?.bpm ?? null,
      accuracy: summary?.melodyAccuracy ?? null,
      families: (summary?.families ?? []).map((f) => ({
        key: f.family,
        right: f.complete,
        missing: f.missingGraces,
        wrong: f.total - f.complete - f.missingGraces,
      })),
    },
  });

  // Each finished run goes to the history once (issue 14 item 4: latest 200 runs).
  const saved = useRef<unknown>(null);
  useEffect(() => {
    const result = snapshot.result;
    if (!result || !summary || !tune || !chosen || saved.current === result) return;
    saved.current = result;
    setHistory(
      addRun(history, {
        date: Date.now(),
        tuneId: runTuneId(chosen.id, tuneIndex),
        title: runName,
        mode: result.settings.mode,
        bpm: run?.bpm ?? 0,
        difficulty: result.settings.difficulty,
        melodyAccuracy: summary.melodyAccuracy,
        bars: summary.bars,
        families: summary.families,
      }),
    );
  }, [snapshot.result, summary, tune, tuneIndex, chosen, history, setHistory, run, runName]);

  const marks = useMemo(() => {
    const out = new Map<number, NoteMarkStyle>();
    for (const [note, mark] of snapshot.marks) out.set(note, noteMarkStyle(mark));
    return out;
  }, [snapshot.marks]);

  const last = snapshot.last;
  const status =
    snapshot.state === 'countingIn'
      ? 'Counting in…'
      : snapshot.state === 'playing'
        ? last
          ? `${last.expected.pitch}: ${verdictWords[last.verdict]}`
          : settings.mode === 'wait'
            ? 'Play the highlighted note.'
            : 'Play!'
        : snapshot.state === 'review'
          ? 'Run finished: see how it went below the controls.'
          : '';

  return (
    <section className="page playalong" aria-labelledby={titleId}>
      <h1 id={titleId}>Play Along</h1>
      <div className="playalong-layout">
        <div className="playalong-sources card" id="playalong-sources">
          <TuneLibrary
            tunes={library}
            selectedId={chosen?.file.source === 'library' ? chosen.id : null}
            onOpen={(id) => !running && openLibrary(id)}
          />
          <OpenFile heading="Play your own file" onFile={(f) => void openFile(f)} />
        </div>
        <div className="playalong-main">
          {(error ?? linked.error) && (
            <p className="playalong-error" role="alert">
              {error ?? linked.error}
            </p>
          )}
          {/* On a phone the library sits below the score: one tap away. */}
          <a className="playalong-jump" href="#playalong-sources">
            Choose another tune
          </a>
          {chosen && chosen.file.tunes.length > 1 && (
            <p>
              <label htmlFor={tuneSelectId}>Tune in this file</label>{' '}
              <select
                id={tuneSelectId}
                value={tuneIndex}
                disabled={running}
                onChange={(e) => {
                  session.reset();
                  setTuneIndex(Number(e.target.value));
                  setSettings((s) => ({ ...s, loop: { kind: 'none' } }));
                }}
              >
                {chosen.file.tunes.map((t, i) => {
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
          <div className="playalong-input" role="group" aria-label="Input">
            <button
              type="button"
              className="button secondary"
              aria-pressed={!keyboard}
              disabled={running}
              onClick={() => noteInput.setInput('microphone')}
            >
              Microphone
            </button>
            <button
              type="button"
              className="button secondary"
              aria-pressed={keyboard}
              disabled={running}
              onClick={() => noteInput.setInput('keyboard')}
            >
              Keyboard chanter
            </button>
          </div>
          <p className="playalong-hint">
            {keyboard
              ? 'Keyboard chanter: g a b c d e f for Low G to F, Shift+G and Shift+A for High G and High A.'
              : `Microphone: play your practice chanter (${noteInput.chanter.name} chanter).`}
          </p>
          {!keyboard && <MicrophoneErrorPanel error={noteInput.reading.error} />}
          {tune && run && (
            <PlayAlongControls
              settings={settings}
              tuneBpm={tuneBpm(tune)}
              partCount={tune.parts.length}
              barCount={barsOf(tune).length}
              disabled={running}
              onChange={(next) => {
                session.reset();
                setSettings(next);
              }}
            />
          )}
          <div className="playalong-actions">
            {running ? (
              <button type="button" className="button" onClick={() => session.stop()}>
                Stop
              </button>
            ) : (
              <button type="button" className="button" disabled={!run} onClick={() => void start()}>
                Start
              </button>
            )}
            <p className="playalong-status" role="status" aria-live="polite">
              {status}
            </p>
          </div>
          {snapshot.result && summary && (
            <PlayAlongReview
              result={snapshot.result}
              summary={summary}
              onLoopBar={(bar) => {
                session.reset();
                setSettings((s) => ({ ...s, loop: { kind: 'bars', from: bar, to: bar } }));
              }}
              onAgain={() => void start()}
            />
          )}
          {!keyboard && (
            <LatencyPanel
              deviceId={deviceId}
              disabled={running}
              noteEvents={noteInput.noteEvents}
              startListening={() => {
                if (!noteInput.listening) noteInput.start();
              }}
            />
          )}
          {tune ? (
            <div className="playalong-score" data-cursor={snapshot.cursor ?? ''}>
              <PipeScore
                tune={tune}
                tuneIndex={tuneIndex}
                activeNoteIndex={snapshot.cursor}
                noteMarks={marks}
              />
            </div>
          ) : (
            <p className="playalong-muted">Choose a tune from the library or open a .bww file.</p>
          )}
        </div>
      </div>
    </section>
  );
}
