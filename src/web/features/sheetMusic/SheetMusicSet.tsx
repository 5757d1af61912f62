import { useEffect, useId, useMemo, useState } from 'react';
import { TUNE_TYPE_LABELS } from '../../../contracts/library/libraryTerms.ts';
import { playlistRoutes, type PlaylistItem } from '../../../contracts/library/playlistRoutes.ts';
import { PLAYLIST_LIMITS, playlistMessages } from '../../../contracts/library/playlistTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { pitches, type Hz, type Pitch } from '../../../music/notes.ts';
import {
  countIn,
  firstTimeSignature,
  performTune,
  tuneBpm,
} from '../../../music/tune/performance.ts';
import { DEFAULT_GAP_BEATS, locateNote, performSet } from '../../../music/tune/setPerformance.ts';
import { notesOf, type Tune } from '../../../music/tune/tune.ts';
import { activeChanter } from '../../lib/activeChanter.ts';
import { callApi } from '../../lib/apiClient.ts';
import { keys } from '../../storage/keys.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { PipeScore } from '../../ui/notation/PipeScore.tsx';
import { useTunePlayer, type CreateTunePlayer } from '../../ui/tunes/useTunePlayer.ts';
import type { SetSource } from './setQuery.ts';

type SetItem = Omit<PlaylistItem, 'settingId'>;

interface Loaded {
  readonly name: string;
  readonly items: readonly SetItem[];
}

const GAP_CHOICES = [0, 1, 2, 4, 8] as const;

/**
 * Sheet Music playing a whole set through (issue 15 item 7): every available tune of the
 * playlist at its own tempo and repeats, one after the other on the same audio clock (one
 * performance: music/tune/setPerformance.ts), one beat apart unless the piper picks another
 * gap. The score shows the tune being played, with the cursor.
 */
export function SheetMusicSet({
  source,
  createPlayer,
}: {
  source: SetSource;
  createPlayer?: CreateTunePlayer | undefined;
}) {
  const id = useId();
  const { player, state } = useTunePlayer(createPlayer);
  const [chanterId] = useStoredValue(keys.chanterId);
  const [customs] = useStoredValue(keys.customChanters);
  const [prefs] = useStoredValue(keys.sheetMusicPreferences);
  const frequencies = useMemo(() => {
    const hz = activeChanter(chanterId, customs).frequencies;
    return Object.fromEntries(pitches.map((p, i) => [p, hz[i] ?? 0])) as Record<Pitch, Hz>;
  }, [chanterId, customs]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [gapBeats, setGapBeats] = useState<number>(DEFAULT_GAP_BEATS);
  const [drones, setDrones] = useState(prefs.drones);
  const [withCountIn, setWithCountIn] = useState(prefs.countIn);
  const [shown, setShown] = useState(0);

  useEffect(() => {
    let live = true;
    const request =
      source.kind === 'playlist'
        ? callApi(playlistRoutes.get, { params: { playlistId: source.id } })
        : callApi(playlistRoutes.shared, { params: { token: source.token } });
    void request.then((answer) => {
      if (!live) return;
      if (answer.error) setError(answer.error.message);
      else setLoaded({ name: answer.data.name, items: answer.data.items });
    });
    return () => {
      live = false;
    };
  }, [source]);

  /** The playable tunes, each with the item it came from. */
  const tunes = useMemo(() => {
    const out: { item: SetItem; tune: Tune }[] = [];
    for (const item of loaded?.items ?? []) {
      if (!item.available || !item.bww) continue;
      const tune = parseBww(item.bww).tunes.find((t) => notesOf(t).length > 0);
      if (tune) out.push({ item, tune });
    }
    return out;
  }, [loaded]);

  const set = useMemo(
    () =>
      performSet(
        tunes.map(({ item, tune }) => ({
          performance: performTune(tune, {
            bpm: item.tempo ?? tuneBpm(tune),
            graceAnchor: prefs.graceAnchor,
          }),
          repeats: item.repeats,
          noteCount: notesOf(tune).length,
        })),
        { gapBeats },
      ),
    [tunes, gapBeats, prefs.graceAnchor],
  );

  const located = locateNote(set.segments, state.noteIndex);
  const playingIndex = located ? set.segments[located.segment]!.entry : null;
  const current = tunes[playingIndex ?? shown] ?? null;

  function play() {
    const first = tunes[0];
    if (!first || set.performance.events.length === 0) return;
    player.play(set.performance, {
      frequencies,
      drones: drones ? prefs.droneVolume : null,
      countIn: withCountIn
        ? countIn(firstTimeSignature(first.tune), first.item.tempo ?? tuneBpm(first.tune))
        : null,
    });
  }

  if (error) {
    return (
      <p className="sheet-error" role="alert">
        {error}
      </p>
    );
  }
  if (!loaded) return <p className="sheet-muted">Opening the set…</p>;
  const playing = state.state === 'playing';

  return (
    <div className="sheet-set">
      <div className="sheet-set-head">
        <h2 id={`${id}-h`}>Set: {loaded.name}</h2>
        <a href={paths.sheetMusic}>Back to single tunes</a>
      </div>
      <div className="sheet-controls" role="group" aria-label="Set playback">
        <div className="sheet-transport">
          <button
            type="button"
            className="button"
            onClick={playing ? () => player.stop() : play}
            disabled={tunes.length === 0}
          >
            {playing ? 'Stop' : 'Play the set'}
          </button>
          <span role="status" className="sheet-set-status">
            {playing
              ? state.countingIn
                ? 'Counting in…'
                : current
                  ? `Playing ${current.item.title}`
                  : 'Playing'
              : 'Stopped'}
          </span>
        </div>
        <label>
          Between tunes{' '}
          <select
            value={gapBeats}
            disabled={playing}
            onChange={(e) => setGapBeats(Number(e.target.value))}
          >
            {GAP_CHOICES.filter((g) => g <= PLAYLIST_LIMITS.maxGapBeats).map((g) => (
              <option key={g} value={g}>
                {g === 0 ? 'straight on' : g === 1 ? '1 beat' : `${g} beats`}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={withCountIn}
            disabled={playing}
            onChange={(e) => setWithCountIn(e.target.checked)}
          />{' '}
          Count-in
        </label>
        <label>
          <input
            type="checkbox"
            checked={drones}
            disabled={playing}
            onChange={(e) => setDrones(e.target.checked)}
          />{' '}
          Drones
        </label>
      </div>
      <ol className="sheet-set-list" aria-labelledby={`${id}-h`}>
        {loaded.items.map((item) => {
          const at = tunes.findIndex((t) => t.item.id === item.id);
          const now = at >= 0 && at === (playingIndex ?? shown);
          return (
            <li key={item.id} aria-current={now ? 'true' : undefined}>
              {at >= 0 ? (
                <button
                  type="button"
                  className="sheet-set-tune"
                  disabled={playing}
                  onClick={() => setShown(at)}
                >
                  {item.title}
                </button>
              ) : (
                <span>{item.title}</span>
              )}{' '}
              <span className="sheet-muted">
                {item.type ? TUNE_TYPE_LABELS[item.type] : ''}
                {item.tempo ? ` · ${item.tempo} bpm` : ''}
                {item.repeats > 1 ? ` · ×${item.repeats}` : ''}
                {at < 0 ? ` · ${playlistMessages.unavailable}` : ''}
              </span>
            </li>
          );
        })}
      </ol>
      {current ? (
        <div className="sheet-score">
          <PipeScore
            tune={current.tune}
            activeNoteIndex={located && playingIndex !== null ? located.noteIndex : null}
          />
        </div>
      ) : (
        <p className="sheet-muted">This set has no tunes to play.</p>
      )}
    </div>
  );
}
