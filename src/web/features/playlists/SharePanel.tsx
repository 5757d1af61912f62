import { useId, useState } from 'react';
import { playlistRoutes } from '../../../contracts/library/playlistRoutes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { playlistLinks } from './playlistLinks.ts';

export interface SharePanelProps {
  readonly playlistId: string;
  readonly token: string | null;
  readonly onToken: (token: string | null) => void;
  readonly onError: (message: string | null) => void;
}

/**
 * Share by link (issue 15 item 7): anyone with the link sees the playlist read-only and may
 * copy it to their own; revoking stops the link at once (the server forgets the token).
 */
export function SharePanel({ playlistId, token, onToken, onError }: SharePanelProps) {
  const id = useId();
  const [note, setNote] = useState('');
  const link = token ? new URL(playlistLinks.shared(token), window.location.origin).href : null;

  async function create() {
    const answer = await callApi(playlistRoutes.share, { params: { playlistId } });
    if (answer.error) return onError(answer.error.message);
    onError(null);
    onToken(answer.data.token);
    setNote('Share link created.');
  }
  async function revoke() {
    const answer = await callApi(playlistRoutes.unshare, { params: { playlistId } });
    if (answer.error) return onError(answer.error.message);
    onError(null);
    onToken(null);
    setNote('Share link revoked: it no longer opens this playlist.');
  }
  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setNote('Link copied.');
    } catch {
      setNote('Select the link and copy it.');
    }
  }

  return (
    <section className="card playlist-share" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Share</h2>
      {link ? (
        <>
          <div className="site-form-field">
            <label htmlFor={`${id}-link`}>Share link (read-only)</label>
            <input id={`${id}-link`} readOnly value={link} onFocus={(e) => e.target.select()} />
          </div>
          <div className="playlist-actions">
            <button type="button" className="button secondary" onClick={() => void copy()}>
              Copy link
            </button>
            <button type="button" className="button secondary" onClick={() => void revoke()}>
              Revoke link
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="playlist-muted">
            Anyone with the link can see this playlist and copy it; only you can change it.
          </p>
          <button type="button" className="button secondary" onClick={() => void create()}>
            Create share link
          </button>
        </>
      )}
      <p role="status" className="playlist-status">
        {note}
      </p>
    </section>
  );
}
