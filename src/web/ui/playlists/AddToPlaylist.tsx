import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import { AddToPlaylistDialog } from './AddToPlaylistDialog.tsx';

export interface AddToPlaylistProps {
  readonly settingId: string;
  readonly tuneTitle: string;
  readonly fetchImpl?: typeof fetch;
}

/**
 * 'Add to a playlist' on a tune page (issue 15 item 5): playlists need a session (spec §6), so a
 * visitor who is signed out gets a link to sign in that brings them back to this tune. While
 * the session is still being read nothing is shown, rather than a wrong offer.
 */
export function AddToPlaylist({ settingId, tuneTitle, fetchImpl }: AddToPlaylistProps) {
  const auth = useAuthSnapshot();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  if (auth.status === 'loading') return null;
  if (auth.status === 'signed-out') {
    const back = encodeURIComponent(location.pathname + location.search);
    return (
      <Link className="share-action-link" to={`${paths.auth}?redirect=${back}`}>
        Sign in to add it to a playlist
      </Link>
    );
  }
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Add to a playlist
      </button>
      {open && (
        <AddToPlaylistDialog
          settingId={settingId}
          tuneTitle={tuneTitle}
          onClose={() => setOpen(false)}
          {...(fetchImpl ? { fetchImpl } : {})}
        />
      )}
    </>
  );
}
