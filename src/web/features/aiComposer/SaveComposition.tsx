/**
 * Save a composed tune to the piper's library (issue 19 item 2): private by default, under
 * the licence they choose — the tune is theirs — through the library's own upload route.
 * Once saved: Add to a playlist, Open in Play-along (by its library link) and the Library's
 * 'Your tunes'. Signed out, it says that saving needs an account; compose, play and download
 * still work.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { libraryRoutes, type UploadBody } from '../../../contracts/library/libraryRoutes.ts';
import {
  LICENCES,
  PUBLIC_LICENCES,
  type Licence,
} from '../../../contracts/library/libraryTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import { writeBww } from '../../../music/bww/writeBww.ts';
import { specOf } from '../../../music/composer/composerForms.ts';
import type { Composition } from '../../../music/composer/composition.ts';
import { toTune } from '../../../music/composer/toTune.ts';
import { callApi } from '../../lib/apiClient.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import { AddToPlaylist } from '../../ui/playlists/AddToPlaylist.tsx';
import { licenceMeaning, licenceName } from '../../ui/tunes/licenceWords.ts';

/** The library's time-signature names for the composer's BWW tokens. */
const TIME_NAMES: Record<string, UploadBody['timeSignature']> = {
  '2_4': '2/4',
  '3_4': '3/4',
  '4_4': '4/4',
  '6_8': '6/8',
  C: 'C',
  C_: '2/2',
};

export function uploadBodyOf(
  composition: Composition,
  choice: { licence: Licence; share: boolean; composer: string; attribution: string },
): UploadBody {
  const spec = specOf(composition.options.form, composition.plan.meter);
  const { seed, form } = composition.options;
  const composer = choice.composer.trim();
  return {
    format: 'bww',
    text: writeBww([toTune(composition)]),
    title: toTune(composition).texts.find((t) => t.role === 'title')?.text ?? `Tune ${seed}`,
    type: form,
    timeSignature: TIME_NAMES[spec.time.bww] ?? 'other',
    composer: composer || 'Composed with Chanterlab',
    notes: `Composed on this device with Chanterlab's AI Composer (${form}, seed ${seed}).`,
    licence: choice.licence,
    share: choice.share && PUBLIC_LICENCES.includes(choice.licence),
    ...(choice.licence === 'cc-by' ? { attribution: choice.attribution.trim() } : {}),
  };
}

interface Saved {
  readonly slug: string;
  readonly settingId: string;
  readonly title: string;
  readonly visibility: string;
}

export function SaveComposition({
  composition,
  fetchImpl,
}: {
  composition: Composition;
  fetchImpl?: typeof fetch;
}) {
  const id = useId();
  const auth = useAuthSnapshot();
  const location = useLocation();
  const [licence, setLicence] = useState<Licence>('private-use');
  const [share, setShare] = useState(false);
  const [composer, setComposer] = useState('');
  const [attribution, setAttribution] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ of: Composition; value: Saved } | null>(null);
  const current = saved && saved.of === composition ? saved.value : null;

  if (auth.status === 'loading') return null;
  if (auth.status === 'signed-out') {
    const back = encodeURIComponent(location.pathname + location.search);
    return (
      <p className="composer-save-note">
        Saving to your library needs an account.{' '}
        <Link to={`${paths.auth}?redirect=${back}`}>Sign in to save this tune</Link> — composing,
        playing and downloading work without one.
      </p>
    );
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await callApi(
      libraryRoutes.upload,
      { body: uploadBodyOf(composition, { licence, share, composer, attribution }) },
      fetchImpl ? { fetch: fetchImpl } : {},
    );
    setBusy(false);
    if (!result.data) {
      setError(result.error?.message ?? 'The tune could not be saved. Try again.');
      return;
    }
    setSaved({
      of: composition,
      value: {
        slug: result.data.tune.slug,
        settingId: result.data.setting.id,
        title: result.data.tune.title,
        visibility: result.data.setting.visibility,
      },
    });
  }

  const field = (name: string) => `${id}-${name}`;
  const canShare = PUBLIC_LICENCES.includes(licence);
  return (
    <section className="composer-save card" aria-labelledby={field('heading')}>
      <h2 id={field('heading')}>Save to my library</h2>
      {current ? (
        <div className="composer-saved" role="status">
          <p>
            Saved “{current.title}” to your library
            {current.visibility === 'pending'
              ? ': a curator will check it before it is shared.'
              : ' (private: only you can see it).'}
          </p>
          <div className="composer-row">
            <Link
              className="button secondary"
              to={`${paths.playAlong}?tune=${encodeURIComponent(current.slug)}&setting=${encodeURIComponent(current.settingId)}`}
            >
              Open in Play-along
            </Link>
            <Link
              className="button secondary"
              to={`${paths.sheetShare}?tune=${encodeURIComponent(current.slug)}`}
            >
              Open in the Library
            </Link>
            <AddToPlaylist
              settingId={current.settingId}
              tuneTitle={current.title}
              {...(fetchImpl ? { fetchImpl } : {})}
            />
          </div>
        </div>
      ) : (
        <form className="composer-save-form" onSubmit={(e) => void save(e)}>
          <div className="composer-field">
            <label htmlFor={field('composer')}>Composer</label>
            <input
              id={field('composer')}
              value={composer}
              placeholder="Your name"
              autoComplete="name"
              onChange={(e) => setComposer(e.target.value)}
            />
          </div>
          <div className="composer-field">
            <label htmlFor={field('licence')}>Licence</label>
            <select
              id={field('licence')}
              value={licence}
              aria-describedby={field('licence-meaning')}
              onChange={(e) => {
                const next = e.target.value as Licence;
                setLicence(next);
                if (!PUBLIC_LICENCES.includes(next)) setShare(false);
              }}
            >
              {LICENCES.map((l) => (
                <option key={l} value={l}>
                  {licenceName(l)}
                </option>
              ))}
            </select>
            <span id={field('licence-meaning')} className="composer-hint">
              {licenceMeaning(licence)}
            </span>
          </div>
          {licence === 'cc-by' && (
            <div className="composer-field">
              <label htmlFor={field('credit')}>Name to credit</label>
              <input
                id={field('credit')}
                value={attribution}
                onChange={(e) => setAttribution(e.target.value)}
              />
            </div>
          )}
          <label className="composer-check">
            <input
              type="checkbox"
              checked={share}
              disabled={!canShare}
              onChange={(e) => setShare(e.target.checked)}
            />
            Ask to share it in the public library{canShare ? '' : ' (needs an open licence)'}
          </label>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : 'Save to my library'}
          </button>
          {error && (
            <p className="composer-error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
