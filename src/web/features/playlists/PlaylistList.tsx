import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  PLAYLIST_KIND_LABELS,
  PLAYLIST_KINDS,
  PLAYLIST_LIMITS,
  type PlaylistKind,
} from '../../../contracts/library/playlistTerms.ts';
import { playlistRoutes, type PlaylistSummary } from '../../../contracts/library/playlistRoutes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { playlistLinks } from './playlistLinks.ts';
import '../../ui/siteForm.css';

/** The piper's playlists and a form to start one (issue 15 item 7: create). */
export function PlaylistList() {
  const navigate = useNavigate();
  const nameId = useId();
  const kindId = useId();
  const [lists, setLists] = useState<readonly PlaylistSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<PlaylistKind>('set');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const answer = await callApi(playlistRoutes.list);
    if (answer.error) setError(answer.error.message);
    else setLists(answer.data.playlists);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await callApi(playlistRoutes.create, { body: { name, kind } });
    setBusy(false);
    if (answer.error) {
      setError(answer.error.message);
      return;
    }
    void navigate(playlistLinks.edit(answer.data.id));
  }

  return (
    <section className="page playlists" aria-labelledby="playlists-title">
      <h1 id="playlists-title">Playlists</h1>
      <p className="site-form-intro">
        Sets, medleys and band setlists: tunes from the library or your own files, each with its
        tempo and repeats. Play a set straight through in Sheet Music, print it as a booklet, or
        share it with a link.
      </p>
      <form className="card playlist-create" onSubmit={(e) => void create(e)}>
        <h2>New playlist</h2>
        <div className="playlist-create-fields">
          <div className="site-form-field">
            <label htmlFor={nameId}>Name</label>
            <input
              id={nameId}
              value={name}
              maxLength={PLAYLIST_LIMITS.name}
              required
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="site-form-field">
            <label htmlFor={kindId}>Kind</label>
            <select
              id={kindId}
              value={kind}
              onChange={(e) => setKind(e.target.value as PlaylistKind)}
            >
              {PLAYLIST_KINDS.map((k) => (
                <option key={k} value={k}>
                  {PLAYLIST_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button" disabled={busy || !name.trim()}>
            Create playlist
          </button>
        </div>
      </form>
      {error && (
        <p className="site-form-alert" role="alert">
          {error}
        </p>
      )}
      {lists === null && !error && <p className="playlist-muted">Loading your playlists…</p>}
      {lists?.length === 0 && (
        <p className="playlist-muted">You have no playlists yet: create your first set above.</p>
      )}
      {lists && lists.length > 0 && (
        <ul className="playlist-cards" aria-label="Your playlists">
          {lists.map((p) => (
            <li key={p.id} className="card playlist-card">
              <Link to={playlistLinks.edit(p.id)} className="playlist-card-name">
                {p.name}
              </Link>
              <span className="playlist-muted">
                {PLAYLIST_KIND_LABELS[p.kind]} ·{' '}
                {p.itemCount === 1 ? '1 tune' : `${p.itemCount} tunes`}
                {p.shared ? ' · shared by link' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
