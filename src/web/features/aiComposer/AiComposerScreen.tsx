/**
 * AI Composer (/aisheetnovel — spec §2.1, §2.2 Sheet Music menu 'AI Composer'; issue 19
 * item 2). A piper chooses the form, parts, bars, embellishment density and seed (and may
 * give a starting motif); the composer writes the tune in a Web Worker on this device — no
 * request leaves the page while it composes. The tune is drawn and played with the same
 * score and player as Sheet Music; a bar chosen on the score (click) or in the bar list
 * (keyboard) can be regenerated, moved up or down the scale, or have a note changed, with
 * Undo and Redo. BWW and MusicXML download for everyone; signed in, it saves to the library.
 * The choices and seed are in the address, so a link composes the same tune again.
 */
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { toMusicXml } from '../../../music/bww/toMusicXml.ts';
import { writeBww } from '../../../music/bww/writeBww.ts';
import {
  COMPOSER_FORMS,
  FORM_SPECS,
  type ComposerForm,
} from '../../../music/composer/composerForms.ts';
import { COMPOSER_LIMITS, type Composition } from '../../../music/composer/composition.ts';
import { composedTitle, toTune } from '../../../music/composer/toTune.ts';
import { pitches, type Hz, type Pitch } from '../../../music/notes.ts';
import { countIn, firstTimeSignature } from '../../../music/tune/performance.ts';
import { activeChanter } from '../../lib/activeChanter.ts';
import { BWW_TYPE, MUSICXML_TYPE, downloadText } from '../../lib/downloadText.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { keys } from '../../storage/keys.ts';
import { handOffTune } from '../../storage/tuneHandoff.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import type { NoteMarkStyle } from '../../ui/notation/applyNoteMarks.ts';
import { PipeScore } from '../../ui/notation/PipeScore.tsx';
import { PlaybackControls, type PlaybackSettings } from '../../ui/tunes/PlaybackControls.tsx';
import { fileSlug } from '../../ui/tunes/openBww.ts';
import { useTunePlayer, type CreateTunePlayer } from '../../ui/tunes/useTunePlayer.ts';
import { BarEditor } from './BarEditor.tsx';
import {
  composerQuery,
  defaultChoices,
  newSeed,
  parseComposerQuery,
  parseSeed,
  type ComposerChoices,
} from './composerQuery.ts';
import { MotifEntry } from './MotifEntry.tsx';
import { notePlaces, scoreIndicesOfBar } from './notePlaces.ts';
import { SaveComposition } from './SaveComposition.tsx';
import { useComposer, type CreateComposerClient } from './useComposer.ts';
import './aiComposer.css';
import { usePlaybackPerformance } from '../../ui/tunes/usePlaybackPerformance.ts';

export interface AiComposerScreenProps {
  /** Test seams. */
  readonly createClient?: CreateComposerClient;
  readonly createPlayer?: CreateTunePlayer;
  readonly download?: typeof downloadText;
  readonly fetchImpl?: typeof fetch;
}

const SELECTED: NoteMarkStyle = { kind: 'selected', symbol: '', label: 'In the chosen bar' };
const NO_MARKS: ReadonlyMap<number, NoteMarkStyle> = new Map();

function densityWord(density: number): string {
  if (density <= 0.15) return 'plain';
  if (density <= 0.45) return 'light';
  if (density <= 0.75) return 'usual';
  return 'heavy';
}

export default function AiComposerScreen({
  createClient,
  createPlayer,
  download = downloadText,
  fetchImpl,
}: AiComposerScreenProps) {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const composer = useComposer(createClient);
  const { player, state } = useTunePlayer(createPlayer);

  const fromAddress = useMemo(() => parseComposerQuery(location.search), [location.search]);
  const [choices, setChoices] = useState<ComposerChoices>(fromAddress.choices);
  const [seedText, setSeedText] = useState(() => String(fromAddress.seed ?? 1));
  const [motif, setMotif] = useState<readonly Pitch[]>(fromAddress.motif);
  const [seedError, setSeedError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [selection, setSelection] = useState<{ part: number; bar: number; note: number } | null>(
    null,
  );

  const present = composer.history.present;
  // The title is part of the tune (score, files, library) but not of the composing.
  const composition = useMemo<Composition | null>(
    () =>
      present
        ? { ...present, options: { ...present.options, title: title.trim() || undefined } }
        : null,
    [present, title],
  );
  const tune = useMemo(() => (composition ? toTune(composition) : null), [composition]);
  const places = useMemo(() => (present ? notePlaces(present) : []), [present]);

  // A link with a seed composes its tune as soon as the page is live (issue 19.2).
  const composedFromLink = useRef(false);
  useEffect(() => {
    if (!hydrated || composedFromLink.current || fromAddress.seed === null) return;
    composedFromLink.current = true;
    composer.compose({
      ...optionsOf(fromAddress.choices),
      seed: fromAddress.seed,
      motif: fromAddress.motif,
    });
  }, [hydrated, fromAddress, composer]);

  // Playback: the chanter chosen in Settings, the form's tempo.
  const [chanterId] = useStoredValue(keys.chanterId);
  const [customs] = useStoredValue(keys.customChanters);
  const [, setRecent] = useStoredValue(keys.sheetMusicRecent);
  const frequencies = useMemo(() => {
    const hz = activeChanter(chanterId, customs).frequencies;
    return Object.fromEntries(pitches.map((p, i) => [p, hz[i] ?? 0])) as Record<Pitch, Hz>;
  }, [chanterId, customs]);
  const [settings, setSettings] = useState<PlaybackSettings>({
    bpm: FORM_SPECS[choices.form].tempo,
    countIn: false,
    drones: false,
    droneVolume: 0.5,
    loopPart: null,
    graceAnchor: 'on-beat',
  });
  const performance = usePlaybackPerformance(tune, settings);
  // A changed tune stops the old one: the cursor would point at notes that are gone.
  useEffect(() => {
    player.stop();
  }, [player, present]);

  // On a phone the tune is below the options: show it once the piper's Compose has written it.
  const main = useRef<HTMLDivElement>(null);
  const revealAfterCompose = useRef(false);
  useEffect(() => {
    if (!present || !revealAfterCompose.current) return;
    revealAfterCompose.current = false;
    if (!window.matchMedia?.('(max-width: 760px)').matches) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    main.current?.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [present]);

  function optionsOf(c: ComposerChoices) {
    return { form: c.form, parts: c.parts, barsPerPart: c.barsPerPart, density: c.density };
  }

  function chooseForm(form: ComposerForm) {
    setChoices({ ...defaultChoices(form), density: choices.density });
  }

  function compose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const seed = parseSeed(seedText);
    if (seed === null) {
      setSeedError('The seed is a whole number from 0 to 4294967295.');
      return;
    }
    setSeedError(null);
    setSelection(null);
    setSettings((s) => ({ ...s, bpm: FORM_SPECS[choices.form].tempo, loopPart: null }));
    // The address holds the choices, so the link composes this tune again.
    composedFromLink.current = true;
    revealAfterCompose.current = true;
    void navigate(composerQuery(choices, seed, motif), { replace: true });
    composer.compose({ ...optionsOf(choices), seed, motif });
  }

  function play() {
    if (!performance || !tune) return;
    player.play(performance, {
      from: state.state === 'paused' ? state.position : 0,
      frequencies,
      loop: settings.loopPart !== null,
      drones: settings.drones ? settings.droneVolume : null,
      countIn: settings.countIn ? countIn(firstTimeSignature(tune), settings.bpm) : null,
    });
  }

  function pickFromScore(event: MouseEvent<HTMLDivElement>) {
    const target = (event.target as Element).closest('[data-note-index]');
    const index = Number(target?.getAttribute('data-note-index'));
    const place = Number.isInteger(index) ? places[index] : undefined;
    if (place) setSelection({ part: place.part, bar: place.bar, note: place.index });
  }

  const marks = useMemo(() => {
    if (!present || !selection) return NO_MARKS;
    return new Map(
      scoreIndicesOfBar(present, selection.part, selection.bar).map((i) => [i, SELECTED]),
    );
  }, [present, selection]);

  const fileName = composition ? fileSlug(composedTitle(composition)) : 'tune';
  const bww = useMemo(() => (tune ? writeBww([tune]) : ''), [tune]);

  function openInSheetMusic() {
    if (!composition) return;
    // Unsaved, the tune goes over as Sheet Music's remembered local file (keys.sheetMusicRecent).
    setRecent({
      tune: { kind: 'file', name: `${fileName}.bww`, bww },
      tuneIndex: 0,
    });
    void navigate(paths.sheetMusic);
  }

  const status = composer.busy
    ? composer.busy === 'compose'
      ? 'Composing on this device…'
      : 'Changing the tune…'
    : present && composer.ms !== null
      ? `Composed on this device in ${Math.max(1, Math.round(composer.ms))} ms. Seed ${present.options.seed}.`
      : '';

  return (
    <section className="page ai-composer" aria-labelledby={field('title')}>
      <h1 id={field('title')}>AI Composer</h1>
      <p className="composer-intro">
        Compose a new pipe tune: the composer runs on this device and sends nothing anywhere. The
        same seed always gives the same tune — share the seed, or the link, and a friend gets it
        too.
      </p>
      <div className="composer-layout">
        <form className="composer-options card" onSubmit={compose} noValidate>
          <h2>Tune</h2>
          <div className="composer-field">
            <label htmlFor={field('form')}>Form</label>
            <select
              id={field('form')}
              value={choices.form}
              onChange={(e) => chooseForm(e.target.value as ComposerForm)}
            >
              {COMPOSER_FORMS.map((f) => (
                <option key={f} value={f}>
                  {f[0]!.toUpperCase() + f.slice(1)}
                </option>
              ))}
            </select>
          </div>
          <div className="composer-pair">
            <div className="composer-field">
              <label htmlFor={field('parts')}>Parts</label>
              <input
                id={field('parts')}
                type="number"
                min={COMPOSER_LIMITS.minParts}
                max={COMPOSER_LIMITS.maxParts}
                value={choices.parts}
                onChange={(e) =>
                  setChoices({
                    ...choices,
                    parts: clamp(
                      e.target.value,
                      COMPOSER_LIMITS.minParts,
                      COMPOSER_LIMITS.maxParts,
                    ),
                  })
                }
              />
            </div>
            <div className="composer-field">
              <label htmlFor={field('bars')}>Bars per part</label>
              <input
                id={field('bars')}
                type="number"
                min={COMPOSER_LIMITS.minBars}
                max={COMPOSER_LIMITS.maxBars}
                value={choices.barsPerPart}
                onChange={(e) =>
                  setChoices({
                    ...choices,
                    barsPerPart: clamp(
                      e.target.value,
                      COMPOSER_LIMITS.minBars,
                      COMPOSER_LIMITS.maxBars,
                    ),
                  })
                }
              />
            </div>
          </div>
          <div className="composer-field">
            <label htmlFor={field('density')}>Embellishment density</label>
            <input
              id={field('density')}
              type="range"
              min={0}
              max={1}
              step={0.1}
              value={choices.density}
              aria-valuetext={`${Math.round(choices.density * 100)} % (${densityWord(choices.density)})`}
              onChange={(e) => setChoices({ ...choices, density: Number(e.target.value) })}
            />
            <span className="composer-hint">
              {densityWord(choices.density)[0]!.toUpperCase() +
                densityWord(choices.density).slice(1)}
            </span>
          </div>
          <div className="composer-field">
            <label htmlFor={field('seed')}>Seed</label>
            <div className="composer-seed">
              <input
                id={field('seed')}
                inputMode="numeric"
                value={seedText}
                onChange={(e) => setSeedText(e.target.value)}
                aria-invalid={seedError !== null}
                aria-describedby={seedError ? field('seed-error') : undefined}
              />
              <button
                type="button"
                className="button secondary"
                onClick={() => setSeedText(String(newSeed()))}
              >
                New seed
              </button>
            </div>
            {seedError && (
              <p id={field('seed-error')} className="composer-error" role="alert">
                {seedError}
              </p>
            )}
          </div>
          <details className="composer-motif-box">
            <summary>
              Starting motif (optional){motif.length ? `: ${motif.length} notes` : ''}
            </summary>
            <MotifEntry onChange={setMotif} />
          </details>
          <button
            type="submit"
            className="button composer-compose"
            disabled={composer.busy !== null}
          >
            Compose
          </button>
        </form>

        <div className="composer-main" ref={main}>
          <p className="composer-status" role="status" aria-live="polite">
            {status}
          </p>
          {composer.error && (
            <p className="composer-error" role="alert">
              {composer.error}
            </p>
          )}
          {composition && tune ? (
            <>
              <div className="composer-head">
                <div className="composer-field composer-title">
                  <label htmlFor={field('name')}>Title</label>
                  <input
                    id={field('name')}
                    value={title}
                    placeholder={composedTitle(present!)}
                    maxLength={120}
                    onChange={(e) => setTitle(e.target.value)}
                  />
                </div>
                <div className="composer-row" role="group" aria-label="History">
                  <button
                    type="button"
                    className="button secondary"
                    onClick={composer.undo}
                    disabled={composer.history.past.length === 0 || composer.busy !== null}
                  >
                    Undo
                  </button>
                  <button
                    type="button"
                    className="button secondary"
                    onClick={composer.redo}
                    disabled={composer.history.future.length === 0 || composer.busy !== null}
                  >
                    Redo
                  </button>
                </div>
              </div>
              <PlaybackControls
                state={state}
                settings={settings}
                fileBpm={FORM_SPECS[composition.options.form].tempo}
                partCount={tune.parts.length}
                onChange={setSettings}
                onPlay={play}
                onPause={() => player.pause()}
                onStop={() => player.stop()}
              />
              {/* Clicking a note chooses its bar; the bar list below does the same by keyboard. */}
              {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
              <div
                className="composer-score"
                data-active-note={state.noteIndex ?? ''}
                onClick={pickFromScore}
              >
                <PipeScore tune={tune} activeNoteIndex={state.noteIndex} noteMarks={marks} />
              </div>
              <nav className="composer-bars card" aria-label="Choose a bar">
                {present!.parts.map((bars, p) => (
                  <div
                    key={p}
                    className="composer-bar-row"
                    role="group"
                    aria-label={`Part ${p + 1}`}
                  >
                    <span className="composer-bar-part" aria-hidden="true">
                      Part {p + 1}
                    </span>
                    {bars.map((_, b) => {
                      const chosen = selection?.part === p && selection.bar === b;
                      return (
                        <button
                          key={b}
                          type="button"
                          className="composer-bar-button"
                          aria-pressed={chosen}
                          aria-label={`Part ${p + 1}, bar ${b + 1}`}
                          onClick={() => setSelection({ part: p, bar: b, note: 0 })}
                        >
                          {b + 1}
                        </button>
                      );
                    })}
                  </div>
                ))}
              </nav>
              {selection && present && present.parts[selection.part]?.[selection.bar] ? (
                <BarEditor
                  composition={present}
                  part={selection.part}
                  bar={selection.bar}
                  note={selection.note}
                  busy={composer.busy !== null}
                  onNote={(note) => setSelection({ ...selection, note })}
                  onEdit={composer.edit}
                />
              ) : (
                <p className="composer-hint">
                  Choose a bar — click a note on the score or a bar number above — to regenerate it,
                  move it up or down, or change a note.
                </p>
              )}
              <div className="composer-row" role="group" aria-label="Download and open">
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => download(`${fileName}.bww`, bww, BWW_TYPE)}
                >
                  Download BWW
                </button>
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => download(`${fileName}.musicxml`, toMusicXml(tune), MUSICXML_TYPE)}
                >
                  Download MusicXML
                </button>
                <button type="button" className="button secondary" onClick={openInSheetMusic}>
                  Open in Sheet Music
                </button>
                {/* Unsaved, the tune goes over as /omr's does (storage/tuneHandoff.ts, issue 19.2). */}
                <Link
                  to={paths.playAlong}
                  className="button secondary"
                  onClick={() => handOffTune({ title: composedTitle(composition), bww })}
                >
                  Open in Play-along
                </Link>
              </div>
              <SaveComposition composition={composition} {...(fetchImpl ? { fetchImpl } : {})} />
            </>
          ) : (
            !composer.busy && (
              <p className="composer-empty">
                Choose a form and press Compose. A 2/4 march of four parts is the classic start.
              </p>
            )
          )}
        </div>
      </div>
    </section>
  );
}

function clamp(text: string, min: number, max: number): number {
  const n = Math.round(Number(text));
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min;
}
