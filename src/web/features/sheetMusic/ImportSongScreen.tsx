import SheetMusicScreen from './SheetMusicScreen.tsx';

/** Import Song (/import-song, spec §2.1): the Sheet Music screen opened on 'open a file'. */
export default function ImportSongScreen() {
  return <SheetMusicScreen mode="import" />;
}
