import { useId, useState, type FormEvent } from 'react';
import { decodeBww } from '../../../music/bww/decodeBww.ts';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { firstTimeSignature } from '../../../music/tune/performance.ts';
import { notesOf } from '../../../music/tune/tune.ts';
import { tuneName } from '../../../music/tune/tuneNames.ts';
import {
  LIBRARY_LIMITS,
  TUNE_TYPE_LABELS,
  TUNE_TYPES,
  type TuneType,
} from '../../../contracts/library/libraryTerms.ts';
import { playlistRoutes } from '../../../contracts/library/playlistRoutes.ts';
import { callApi } from '../../lib/apiClient.ts';
import type { AddProps } from './AddFromLibrary.tsx';
import { guessTuneType } from './guessTuneType.ts';

interface Chosen {
  readonly bww: string;
  readonly title: string;
  readonly type: TuneType;
}

const timeName = (t: { beats: number; beatType: number; symbol: string | null }) =>
  t.symbol === 'common' ? 'C' : `${t.beats}/${t.beatType}`;

/**
 * Add one of the piper's own BWW files (issue 15 item 7): kept in the playlist only, never
 * in the library. The title and type are read from the file and can be changed first.
 */
export function AddFromFile({ playlistId, onAdded, onError }: AddProps) {
  const id = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [busy, setBusy] = useState(false);

  async function pick(file: File | undefined) {
    if (!file) return;
    const text = decodeBww(await file.arrayBuffer());
    if (text.length > LIBRARY_LIMITS.fileChars) {
      return onError(`“${file.name}” is too large for a playlist.`);
    }
    const tune = parseBww(text).tunes.find((t) => notesOf(t).length > 0);
    if (!tune) return onError(`No music could be read from “${file.name}”.`);
    onError(null);
    const name = tuneName(tune, 0);
    setChosen({
      bww: text,
      title: name.title || file.name.replace(/\.bww$/i, ''),
      type: guessTuneType(name.type, timeName(firstTimeSignature(tune))),
    });
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setBusy(true);
    const answer = await callApi(playlistRoutes.addItem, {
      params: { playlistId },
      body: { source: 'file', title: chosen.title, bww: chosen.bww, type: chosen.type },
    });
    setBusy(false);
    if (answer.error) return onError(answer.error.message);
    setChosen(null);
    onAdded(answer.data);
  }

  return (
    <section className="card playlist-add-file" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Add your own file</h2>
      <form onSubmit={(e) => void add(e)} className="playlist-file-form">
        <div className="site-form-field">
          <label htmlFor={`${id}-file`}>BWW file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".bww,text/plain"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </div>
        {chosen && (
          <>
            <div className="site-form-field">
              <label htmlFor={`${id}-title`}>Title</label>
              <input
                id={`${id}-title`}
                value={chosen.title}
                maxLength={LIBRARY_LIMITS.title}
                onChange={(e) => setChosen({ ...chosen, title: e.target.value })}
              />
            </div>
            <div className="site-form-field">
              <label htmlFor={`${id}-type`}>Type</label>
              <select
                id={`${id}-type`}
                value={chosen.type}
                onChange={(e) => setChosen({ ...chosen, type: e.target.value as TuneType })}
              >
                {TUNE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {TUNE_TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              className="button secondary"
              disabled={busy || !chosen.title.trim()}
            >
              Add to playlist
            </button>
          </>
        )}
      </form>
      <p className="playlist-muted">
        Your file stays in this playlist; it is not added to the library.
      </p>
    </section>
  );
}
