import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { playlistRoutes, type PlaylistSummary } from '../../../contracts/library/playlistRoutes.ts';
import { PLAYLIST_LIMITS } from '../../../contracts/library/playlistTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { Dialog } from '../Dialog.tsx';
import './addToPlaylist.css';

export interface AddToPlaylistDialogProps {
  readonly settingId: string;
  readonly tuneTitle: string;
  readonly onClose: () => void;
  readonly fetchImpl?: typeof fetch;
}

/** The playlist editor's address (features do not import each other: built from the path). */
export const playlistHref = (id: string) => `${paths.playlists}?id=${encodeURIComponent(id)}`;

/**
 * Pick one of your playlists, or name a new one, and the tune page's setting is added to it
 * as a library item (issue 15 items 5 and 7); the answer links to the playlist.
 */
export function AddToPlaylistDialog({
  settingId,
  tuneTitle,
  onClose,
  fetchImpl,
}: AddToPlaylistDialogProps) {
  const options = fetchImpl ? { fetch: fetchImpl } : {};
  const [playlists, setPlaylists] = useState<readonly PlaylistSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [added, setAdded] = useState<{ id: string; name: string } | null>(null);
  const nameId = useId();
  const listId = useId();
  const openLink = useRef<HTMLAnchorElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    void callApi(
      playlistRoutes.list,
      {},
      { signal: controller.signal, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
    ).then((result) => {
      if (controller.signal.aborted) return;
      if (result.error) setError(result.error.message);
      else setPlaylists(result.data.playlists);
    });
    return () => controller.abort();
  }, [fetchImpl]);

  // The button pressed is gone once added: focus goes to the link to the playlist.
  useEffect(() => {
    if (added) openLink.current?.focus();
  }, [added]);
  // 'New playlist…' gives way to the form: focus goes to the name.
  useEffect(() => {
    if (creating) nameInput.current?.focus();
  }, [creating]);

  async function add(playlist: { id: string; name: string }) {
    const result = await callApi(
      playlistRoutes.addItem,
      { params: { playlistId: playlist.id }, body: { source: 'library', settingId } },
      options,
    );
    if (result.error) setError(result.error.message);
    else setAdded(playlist);
  }

  async function addTo(playlist: PlaylistSummary) {
    setBusy(true);
    await add(playlist);
    setBusy(false);
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const made = await callApi(playlistRoutes.create, { body: { name } }, options);
    if (made.error) setError(made.error.message);
    else await add({ id: made.data.id, name: made.data.name });
    setBusy(false);
  }

  const showForm = creating || playlists?.length === 0;
  return (
    <Dialog
      title={`Add “${tuneTitle}” to a playlist`}
      onClose={onClose}
      className="share-playlist-dialog"
      actions={
        <button type="button" onClick={onClose}>
          {added ? 'Close' : 'Cancel'}
        </button>
      }
    >
      {added ? (
        <p role="status">
          Added to “{added.name}”.{' '}
          <Link ref={openLink} to={playlistHref(added.id)}>
            Open “{added.name}”
          </Link>
        </p>
      ) : (
        <>
          {!playlists && !error && <p role="status">Loading your playlists…</p>}
          {playlists && playlists.length === 0 && <p>You have no playlists yet.</p>}
          {playlists && playlists.length > 0 && (
            <>
              <h3 id={listId} className="share-playlist-heading">
                Your playlists
              </h3>
              <ul className="share-playlist-list" aria-labelledby={listId}>
                {playlists.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      disabled={busy || p.itemCount >= PLAYLIST_LIMITS.itemsPerPlaylist}
                      aria-label={`Add to “${p.name}”`}
                      onClick={() => void addTo(p)}
                    >
                      {p.name}
                    </button>{' '}
                    <span className="share-playlist-muted">
                      {p.itemCount} {p.itemCount === 1 ? 'tune' : 'tunes'}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {playlists && showForm && (
            <form className="share-playlist-new" onSubmit={(e) => void create(e)}>
              <label htmlFor={nameId}>Name of the new playlist</label>
              <input
                ref={nameInput}
                id={nameId}
                value={name}
                maxLength={PLAYLIST_LIMITS.name}
                autoComplete="off"
                onChange={(e) => setName(e.target.value)}
              />
              <button type="submit" disabled={busy}>
                Create and add
              </button>
            </form>
          )}
          {playlists && !showForm && (
            <p>
              <button type="button" onClick={() => setCreating(true)}>
                New playlist…
              </button>
            </p>
          )}
          {error && (
            <p className="share-playlist-error" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}
