import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { TUNE_TYPE_LABELS } from '../../../contracts/library/libraryTerms.ts';
import {
  playlistRoutes,
  shareTokenSchema,
  type SharedPlaylist,
} from '../../../contracts/library/playlistRoutes.ts';
import {
  PLAYLIST_KIND_LABELS,
  playlistMessages,
} from '../../../contracts/library/playlistTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { authSession } from '../../lib/authSession.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Booklet } from './Booklet.tsx';
import { playlistLinks } from './playlistLinks.ts';
import './playlists.css';
import '../../ui/siteForm.css';

const unknownSession = () => ({ status: 'loading' as const, user: null });

/**
 * /playlists/access?token=… (spec §2.1, no guard; issue 15 item 7): a playlist shared by
 * link, read-only for anyone who has it, with 'Copy to my playlists' (which needs sign-in),
 * play it through in Sheet Music, and print it as a booklet (`&view=booklet`).
 */
export default function PlaylistAccessScreen() {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The prerendered page knows no token (issue 21.1): it and its hydration show 'Opening…'.
  const hydrated = useHydrated();
  const token = search.get('token') ?? '';
  const valid = shareTokenSchema.safeParse(token).success;
  const session = useSyncExternalStore(
    authSession.subscribe,
    authSession.getSnapshot,
    unknownSession,
  );
  const [shared, setShared] = useState<SharedPlaylist | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    void callApi(playlistRoutes.shared, { params: { token } }).then((answer) => {
      if (!live) return;
      if (answer.error) setError(answer.error.message);
      else setShared(answer.data);
    });
    return () => {
      live = false;
    };
  }, [token, valid]);

  async function copy() {
    setCopying(true);
    const answer = await callApi(playlistRoutes.copyShared, { params: { token } });
    setCopying(false);
    if (answer.error) return setError(answer.error.message);
    void navigate(playlistLinks.edit(answer.data.id));
  }

  if (hydrated && (!valid || error)) {
    return (
      <section className="page playlists">
        <h1>Playlist Access</h1>
        <p className="site-form-alert" role="alert">
          {error ?? playlistMessages.linkNotFound}
        </p>
      </section>
    );
  }
  if (!shared) {
    return (
      <section className="page playlists">
        <h1>Playlist Access</h1>
        <p className="playlist-muted">Opening the shared playlist…</p>
      </section>
    );
  }
  if (search.get('view') === 'booklet') {
    return (
      <Booklet
        name={shared.name}
        kind={shared.kind}
        items={shared.items}
        backTo={playlistLinks.shared(token)}
      />
    );
  }
  const signInLink = `${paths.auth}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
  return (
    <section className="page playlists" aria-labelledby="shared-title">
      <h1 id="shared-title">{shared.name}</h1>
      <p className="playlist-muted">
        {PLAYLIST_KIND_LABELS[shared.kind]} shared with you · read-only
      </p>
      <div className="playlist-actions">
        {session.status === 'signed-in' ? (
          <button type="button" className="button" disabled={copying} onClick={() => void copy()}>
            Copy to my playlists
          </button>
        ) : (
          <Link className="button" to={signInLink}>
            Sign in to copy to my playlists
          </Link>
        )}
        <Link className="button secondary" to={playlistLinks.playShared(token)}>
          Play in Sheet Music
        </Link>
        <Link className="button secondary" to={playlistLinks.sharedBooklet(token)}>
          Print booklet
        </Link>
      </div>
      <ol className="playlist-items" aria-label="Tunes">
        {shared.items.map((item) => (
          <li key={item.id} className="card playlist-item is-readonly">
            <div className="playlist-item-what">
              <span className="playlist-item-title">{item.title}</span>
              <span className="playlist-muted">
                {item.type ? TUNE_TYPE_LABELS[item.type] : item.source === 'file' ? 'Own file' : ''}
                {item.tempo ? ` · ${item.tempo} bpm` : ''}
                {item.repeats > 1 ? ` · played ${item.repeats} times` : ''}
                {!item.available && (
                  <strong className="playlist-unavailable"> {playlistMessages.unavailable}</strong>
                )}
              </span>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
