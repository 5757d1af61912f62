import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { libraryRoutes } from '../../../contracts/library/libraryRoutes.ts';
import {
  LICENCES,
  TIME_SIGNATURES,
  TUNE_TYPES,
  TUNE_TYPE_LABELS,
  libraryMessages,
  type Licence,
  type TimeSignatureName,
  type TuneType,
} from '../../../contracts/library/libraryTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import { writeBww } from '../../../music/bww/writeBww.ts';
import { firstTimeSignature } from '../../../music/tune/performance.ts';
import { tuneText, type Tune } from '../../../music/tune/tune.ts';
import { callApi } from '../../lib/apiClient.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import { licenceMeaning, licenceName } from '../../ui/tunes/licenceWords.ts';

export interface SaveToLibraryProps {
  readonly tune: Tune;
  readonly fetchImpl?: typeof fetch;
}

/** The library's name for the tune's time ('other' when it is not one the library lists). */
export function timeSignatureName(tune: Tune): TimeSignatureName {
  const time = firstTimeSignature(tune);
  if (time.symbol === 'common') return 'C';
  if (time.symbol === 'cut') return '2/2';
  const name = `${time.beats}/${time.beatType}`;
  return (TIME_SIGNATURES as readonly string[]).includes(name)
    ? (name as TimeSignatureName)
    : 'other';
}

/** The tune type written above the music, when it is one the library files tunes under. */
function typeOf(tune: Tune): TuneType | '' {
  const written = tuneText(tune, 'type').toLowerCase();
  return TUNE_TYPES.find((t) => t === written || (written && t.startsWith(written))) ?? '';
}

const tunePage = (slug: string) => `${paths.sheetShare}?tune=${encodeURIComponent(slug)}`;

/**
 * 'Save to your library (private; licence declared by you)' — issue 20 item 2, on the library
 * upload route (issue 15 item 3). Always private: sharing is asked for on the tune's page.
 */
export function SaveToLibrary({ tune, fetchImpl }: SaveToLibraryProps) {
  const id = useId();
  const auth = useAuthSnapshot();
  // The tune's title (read from the page, perhaps after this form showed) until the piper types.
  const [typedTitle, setTitle] = useState<string | null>(null);
  const title = typedTitle ?? tuneText(tune, 'title');
  const [type, setType] = useState<TuneType | ''>(() => typeOf(tune));
  const [licence, setLicence] = useState<Licence | ''>('');
  const [attribution, setAttribution] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ slug: string; title: string } | null>(null);

  if (auth.status === 'loading') return null;
  if (auth.status !== 'signed-in') {
    return (
      <section className="omr-save card" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>Save to my library</h2>
        <p>
          Saving needs an account: <Link to={paths.auth}>sign in</Link> to keep this tune in your
          library. You can still play it and download it without one.
        </p>
      </section>
    );
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return setError(libraryMessages.titleRequired);
    if (!type) return setError(libraryMessages.typeRequired);
    if (!licence) return setError(libraryMessages.licenceRequired);
    setBusy(true);
    setError(null);
    const result = await callApi(
      libraryRoutes.upload,
      {
        body: {
          format: 'bww',
          text: writeBww([tune]),
          title: title.trim(),
          type,
          timeSignature: timeSignatureName(tune),
          composer: tuneText(tune, 'composer') || 'Traditional',
          source: 'Read from a picture of the music (Music Recognition)',
          licence,
          ...(licence === 'cc-by' ? { attribution: attribution.trim() } : {}),
          share: false,
        },
      },
      fetchImpl ? { fetch: fetchImpl } : {},
    );
    setBusy(false);
    if (result.data) setSaved({ slug: result.data.tune.slug, title: result.data.tune.title });
    else setError(result.error.message);
  }

  return (
    <section className="omr-save card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Save to my library</h2>
      {saved ? (
        <p role="status">
          Saved to your library (private).{' '}
          <Link to={tunePage(saved.slug)}>Open “{saved.title}”</Link>
        </p>
      ) : (
        <form onSubmit={(e) => void save(e)} noValidate>
          <p className="omr-muted">Only you will see it. You can share it later from its page.</p>
          <div className="omr-field">
            <label htmlFor={`${id}-title`}>Title</label>
            <input
              id={`${id}-title`}
              value={title}
              required
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          <div className="omr-field">
            <label htmlFor={`${id}-type`}>Tune type</label>
            <select
              id={`${id}-type`}
              value={type}
              required
              onChange={(e) => setType(e.target.value as TuneType | '')}
            >
              <option value="">Choose…</option>
              {TUNE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TUNE_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <div className="omr-field">
            <label htmlFor={`${id}-licence`}>Licence</label>
            <select
              id={`${id}-licence`}
              value={licence}
              required
              aria-describedby={licence ? `${id}-licence-meaning` : undefined}
              onChange={(e) => setLicence(e.target.value as Licence | '')}
            >
              <option value="">Choose…</option>
              {LICENCES.map((l) => (
                <option key={l} value={l}>
                  {licenceName(l)}
                </option>
              ))}
            </select>
            {licence && (
              <span id={`${id}-licence-meaning`} className="omr-muted">
                {licenceMeaning(licence)}
              </span>
            )}
          </div>
          {licence === 'cc-by' && (
            <div className="omr-field">
              <label htmlFor={`${id}-attribution`}>Credit (name to show)</label>
              <input
                id={`${id}-attribution`}
                value={attribution}
                onChange={(e) => setAttribution(e.target.value)}
              />
            </div>
          )}
          {error && (
            <p className="omr-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : 'Save to my library'}
          </button>
        </form>
      )}
    </section>
  );
}
