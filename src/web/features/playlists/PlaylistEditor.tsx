import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  playlistRoutes,
  type Playlist,
  type PlaylistItem,
} from '../../../contracts/library/playlistRoutes.ts';
import {
  PLAYLIST_KIND_LABELS,
  PLAYLIST_KINDS,
  PLAYLIST_LIMITS,
  type PlaylistKind,
} from '../../../contracts/library/playlistTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { AddFromFile } from './AddFromFile.tsx';
import { AddFromLibrary } from './AddFromLibrary.tsx';
import { playlistLinks } from './playlistLinks.ts';
import { PlaylistItems } from './PlaylistItems.tsx';
import { SharePanel } from './SharePanel.tsx';
import '../../ui/siteForm.css';

/**
 * One playlist, for its owner (issue 15 item 7): rename and change its kind, its tunes with
 * tempo and repeats (reordered by drag or keyboard), add from the library or an own file,
 * share by link, play it through in Sheet Music, print it as a booklet, delete it.
 */
export function PlaylistEditor({ playlistId }: { playlistId: string }) {
  const navigate = useNavigate();
  const nameId = useId();
  const kindId = useId();
  const [playlist, setPlaylist] = useState<Playlist | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<PlaylistKind>('set');
  const [confirmDelete, setConfirmDelete] = useState(false);

  const load = useCallback(async () => {
    const answer = await callApi(playlistRoutes.get, { params: { playlistId } });
    if (answer.error) {
      setLoadError(answer.error.message);
      return;
    }
    setPlaylist(answer.data);
    setName(answer.data.name);
    setKind(answer.data.kind);
  }, [playlistId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (loadError) {
    return (
      <section className="page playlists">
        <h1>Playlist</h1>
        <p className="site-form-alert" role="alert">
          {loadError}
        </p>
        <Link to={paths.playlists}>All playlists</Link>
      </section>
    );
  }
  if (!playlist) {
    return (
      <section className="page playlists">
        <h1>Playlist</h1>
        <p className="playlist-muted">Loading the playlist…</p>
      </section>
    );
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    const answer = await callApi(playlistRoutes.update, {
      params: { playlistId },
      body: { name, kind },
    });
    if (answer.error) return setError(answer.error.message);
    setError(null);
    setStatus('Saved.');
    setPlaylist((p) => (p ? { ...p, ...answer.data } : p));
  }

  async function remove() {
    const answer = await callApi(playlistRoutes.remove, { params: { playlistId } });
    if (answer.error) return setError(answer.error.message);
    void navigate(paths.playlists);
  }

  const setItems = (next: (latest: readonly PlaylistItem[]) => readonly PlaylistItem[]) =>
    setPlaylist((p) => {
      if (!p) return p;
      const items = next(p.items);
      return { ...p, items: [...items], itemCount: items.length };
    });
  const added = (item: PlaylistItem) => {
    setPlaylist((p) => (p ? { ...p, items: [...p.items, item], itemCount: p.itemCount + 1 } : p));
    setStatus(`Added “${item.title}”.`);
  };
  const full = playlist.items.length >= PLAYLIST_LIMITS.itemsPerPlaylist;

  return (
    <section className="page playlists" aria-labelledby="playlist-title">
      <p className="playlist-back">
        <Link to={paths.playlists}>All playlists</Link>
      </p>
      <h1 id="playlist-title">{playlist.name}</h1>
      <div className="playlist-actions">
        <Link className="button" to={playlistLinks.play(playlistId)}>
          Play in Sheet Music
        </Link>
        <Link className="button secondary" to={playlistLinks.booklet(playlistId)}>
          Print booklet
        </Link>
      </div>
      {error && (
        <p className="site-form-alert" role="alert">
          {error}
        </p>
      )}
      <p className="playlist-status" role="status">
        {status}
      </p>
      <PlaylistItems
        playlistId={playlistId}
        items={playlist.items}
        onItems={setItems}
        onError={setError}
        onReload={() => void load()}
      />
      {full ? (
        <p className="playlist-muted">This playlist is full.</p>
      ) : (
        <div className="playlist-add">
          <AddFromLibrary playlistId={playlistId} onAdded={added} onError={setError} />
          <AddFromFile playlistId={playlistId} onAdded={added} onError={setError} />
        </div>
      )}
      <SharePanel
        playlistId={playlistId}
        token={playlist.shareToken}
        onToken={(shareToken) =>
          setPlaylist((p) => (p ? { ...p, shareToken, shared: shareToken !== null } : p))
        }
        onError={setError}
      />
      <form className="card playlist-settings" onSubmit={(e) => void rename(e)}>
        <h2>Name and kind</h2>
        <div className="playlist-create-fields">
          <div className="site-form-field">
            <label htmlFor={nameId}>Name</label>
            <input
              id={nameId}
              value={name}
              required
              maxLength={PLAYLIST_LIMITS.name}
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
          <button type="submit" className="button secondary" disabled={!name.trim()}>
            Save name and kind
          </button>
        </div>
      </form>
      <div className="card playlist-danger">
        <h2>Delete</h2>
        {confirmDelete ? (
          <div role="group" aria-label="Confirm deleting the playlist">
            <p>
              Delete “{playlist.name}” and its share link? This cannot be undone. Library tunes stay
              in the library.
            </p>
            <div className="playlist-actions">
              <button type="button" className="button danger" onClick={() => void remove()}>
                Yes, delete the playlist
              </button>
              <button
                type="button"
                className="button secondary"
                onClick={() => setConfirmDelete(false)}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="button secondary" onClick={() => setConfirmDelete(true)}>
            Delete playlist
          </button>
        )}
      </div>
    </section>
  );
}
