import { useEffect, useState } from 'react';
import { playlistRoutes, type Playlist } from '../../../contracts/library/playlistRoutes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { Booklet } from './Booklet.tsx';
import { playlistLinks } from './playlistLinks.ts';

/** The owner's playlist as a booklet (/playlists?id=…&view=booklet). */
export function OwnBooklet({ playlistId }: { playlistId: string }) {
  const [playlist, setPlaylist] = useState<Playlist | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void callApi(playlistRoutes.get, { params: { playlistId } }).then((answer) => {
      if (!live) return;
      if (answer.error) setError(answer.error.message);
      else setPlaylist(answer.data);
    });
    return () => {
      live = false;
    };
  }, [playlistId]);
  if (error) {
    return (
      <p className="site-form-alert" role="alert">
        {error}
      </p>
    );
  }
  if (!playlist) return <p className="playlist-muted">Loading the booklet…</p>;
  return (
    <Booklet
      name={playlist.name}
      kind={playlist.kind}
      items={playlist.items}
      backTo={playlistLinks.edit(playlistId)}
    />
  );
}
