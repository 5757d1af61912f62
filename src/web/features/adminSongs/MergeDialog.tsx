/**
 * Merging a duplicate (issue 15 item 8): the curator finds the tune to keep; the duplicate's
 * settings move under it and the duplicate's old link leads there.
 */
import { useId, useState, type FormEvent } from 'react';
import { curationRoutes, type CuratedTune } from '../../../contracts/library/curationRoutes.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { callCuration } from './curationClient.ts';

export function MergeDialog({
  tune,
  onMerge,
  onClose,
}: {
  tune: CuratedTune;
  /** Resolves with an error message, or null when merged. */
  onMerge: (into: CuratedTune) => Promise<string | null>;
  onClose: () => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<CuratedTune[] | null>(null);
  const [chosen, setChosen] = useState<CuratedTune | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function find(event: FormEvent) {
    event.preventDefault();
    const answer = await callCuration(curationRoutes.tunes, {
      query: { q: search.trim() || undefined, limit: 10 },
    });
    if (answer.error) setError(answer.error.message);
    else {
      setFound(answer.data.tunes.filter((t) => t.id !== tune.id));
      setChosen(null);
    }
  }

  async function merge() {
    if (!chosen) return;
    setError(await onMerge(chosen));
  }

  return (
    <Dialog
      title={`Merge “${tune.title}” into another tune`}
      onClose={onClose}
      className="admin-songs-dialog"
      actions={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button danger"
            disabled={!chosen}
            onClick={() => void merge()}
          >
            {chosen ? `Merge into “${chosen.title}”` : 'Merge'}
          </button>
        </>
      }
    >
      <p>
        Its {tune.settings.total} {tune.settings.total === 1 ? 'setting moves' : 'settings move'} to
        the tune you choose, its names become that tune’s other names, and its old link leads there.
      </p>
      <form className="admin-songs-search" role="search" onSubmit={(e) => void find(e)}>
        <div className="site-form-field">
          <label htmlFor={id}>Find the tune to keep</label>
          <input id={id} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <button type="submit" className="button">
          Find
        </button>
      </form>
      {found && found.length === 0 ? <p role="status">No other tune matches.</p> : null}
      {found && found.length > 0 ? (
        <fieldset className="admin-songs-choices">
          <legend>Tune to keep</legend>
          {found.map((t) => (
            <label key={t.id} className="admin-songs-check">
              <input
                type="radio"
                name={`${id}-into`}
                checked={chosen?.id === t.id}
                onChange={() => setChosen(t)}
              />
              {t.title} ({t.composer}, {t.settings.total}{' '}
              {t.settings.total === 1 ? 'setting' : 'settings'})
            </label>
          ))}
        </fieldset>
      ) : null}
      {error ? (
        <p className="site-form-alert" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
