/**
 * /playlists (spec §2.1, guarded; issue 15 item 7): the signed-in piper's playlists. Without
 * a query it lists them and creates new ones; `?id=…` opens one to edit; `?id=…&view=booklet`
 * shows it as a printable booklet.
 */
import { useSearchParams } from 'react-router';
import { PlaylistList } from './PlaylistList.tsx';
import { PlaylistEditor } from './PlaylistEditor.tsx';
import { OwnBooklet } from './OwnBooklet.tsx';
import './playlists.css';

export default function PlaylistsScreen() {
  const [search] = useSearchParams();
  const id = search.get('id');
  if (id && search.get('view') === 'booklet') return <OwnBooklet playlistId={id} />;
  if (id) return <PlaylistEditor key={id} playlistId={id} />;
  return <PlaylistList />;
}
