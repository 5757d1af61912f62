import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { libraryRoutes } from '../../../contracts/library/libraryRoutes.ts';
import { libraryMessages } from '../../../contracts/library/libraryTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import { decodeBww } from '../../../music/bww/decodeBww.ts';
import { tuneName } from '../../../music/tune/tuneNames.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import { PipeScore } from '../../ui/notation/PipeScore.tsx';
import { OpenFile } from '../../ui/tunes/OpenFile.tsx';
import { detailsOf, readTuneFile, type TuneFile } from './readTuneFile.ts';
import { UploadForm } from './UploadForm.tsx';
import './importSong.css';

type Saved = z.infer<typeof libraryRoutes.upload.response>;

export interface ImportSongScreenProps {
  readonly fetchImpl?: typeof fetch;
}

/** The address of a tune's page in the library. */
const tunePage = (slug: string) => `${paths.sheetShare}?tune=${encodeURIComponent(slug)}`;

/**
 * Import Song (/import-song, spec §2.1; issue 15 items 3 and 4): open a Bagpipe Music Writer
 * or MusicXML file, see it as pipe music, and — signed in — add it to the library: private by
 * default, shared only under an open licence and after a curator's check.
 */
export default function ImportSongScreen({ fetchImpl }: ImportSongScreenProps) {
  const titleId = useId();
  const pickId = useId();
  const auth = useAuthSnapshot();
  const [file, setFile] = useState<TuneFile | null>(null);
  const [tuneIndex, setTuneIndex] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ saved: Saved; shared: boolean } | null>(null);
  const tune = file?.tunes[tuneIndex] ?? null;
  const details = useMemo(() => (tune ? detailsOf(tune, tuneIndex) : null), [tune, tuneIndex]);

  async function open(picked: File) {
    let text: string;
    try {
      text = decodeBww(await picked.arrayBuffer());
    } catch {
      setError(`“${picked.name}” could not be read. Nothing was changed.`);
      return;
    }
    if (text.length > 400_000) {
      setError(libraryMessages.fileTooLarge);
      return;
    }
    const result = readTuneFile(picked.name, text);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setSaved(null);
    setTuneIndex(0);
    setFile(result.file);
  }

  return (
    <section className="page import-song" aria-labelledby={titleId}>
      <h1 id={titleId}>Import Song</h1>
      <p className="import-intro">
        Open a Bagpipe Music Writer (.bww) or MusicXML file to see it as pipe music, then add it to
        your library — private, or shared with every piper when its licence allows.
      </p>
      <div className="import-layout">
        <OpenFile
          heading="Open a tune from your device"
          label="Open a .bww or MusicXML file"
          hint="or drop a Bagpipe Music Writer or MusicXML file here."
          accept=".bww,.BWW,.musicxml,.xml,text/plain,application/vnd.recordare.musicxml+xml,application/xml,text/xml"
          onFile={(f) => void open(f)}
        />
        <div className="import-main">
          {error && (
            <p className="upload-error" role="alert">
              {error}
            </p>
          )}
          {file && file.tunes.length > 1 && (
            <p>
              <label htmlFor={pickId}>Tune in this file</label>{' '}
              <select
                id={pickId}
                value={tuneIndex}
                onChange={(e) => setTuneIndex(Number(e.target.value))}
              >
                {file.tunes.map((t, i) => (
                  <option key={i} value={i}>
                    {tuneName(t, i).title}
                  </option>
                ))}
              </select>
            </p>
          )}
          {tune && (
            <div className="import-score">
              <PipeScore tune={tune} tuneIndex={tuneIndex} />
            </div>
          )}
          {file && file.format === 'musicxml' && !tune && (
            <p className="upload-muted">
              MusicXML file: “{file.name}”. It is read when you add it to the library.
            </p>
          )}
          {saved ? (
            <div className="import-saved" role="status">
              <h2>Saved</h2>
              <p>
                {saved.shared
                  ? libraryMessages.pendingReview
                  : 'It is in your library, visible only to you.'}
              </p>
              <p>
                <Link to={tunePage(saved.saved.tune.slug)}>Open “{saved.saved.tune.title}”</Link>
              </p>
            </div>
          ) : (
            file &&
            (auth.status === 'signed-in' ? (
              <UploadForm
                key={`${file.name}:${tuneIndex}`}
                file={file}
                tuneIndex={tuneIndex}
                details={details}
                onSaved={(s, shared) => setSaved({ saved: s, shared })}
                {...(fetchImpl ? { fetchImpl } : {})}
              />
            ) : auth.status === 'signed-out' ? (
              <p className="import-signin">
                <Link to={`${paths.auth}?redirect=${encodeURIComponent(paths.importSong)}`}>
                  Sign in
                </Link>{' '}
                to add this tune to the library. To only play it, open it in{' '}
                <Link to={paths.sheetMusic}>Sheet Music</Link>.
              </p>
            ) : null)
          )}
        </div>
      </div>
    </section>
  );
}
