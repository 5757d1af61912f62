import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  libraryRoutes,
  type SettingView,
  type TuneSummary,
} from '../../../contracts/library/libraryRoutes.ts';
import { PUBLIC_LICENCES } from '../../../contracts/library/libraryTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { tunePageHref } from './TuneResult.tsx';
import { visibilityText } from './settingFacts.ts';

type Mine = SettingView & { tune: TuneSummary };

/**
 * A signed-in piper's own uploads (issue 15 item 3): where each stands (private, waiting for a
 * curator, public, not accepted with the reason, hidden), share or unshare, delete.
 */
export function MyUploads({ fetchImpl }: { readonly fetchImpl?: typeof fetch }) {
  const [items, setItems] = useState<readonly Mine[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const headingId = useId();
  const options = fetchImpl ? { fetch: fetchImpl } : {};

  useEffect(() => {
    let live = true;
    void callApi(libraryRoutes.mine, {}, fetchImpl ? { fetch: fetchImpl } : {}).then((result) => {
      if (!live) return;
      if (result.data) setItems(result.data.settings);
      else setError(result.error.message);
    });
    return () => {
      live = false;
    };
  }, [version, fetchImpl]);

  async function change(id: string, share: boolean) {
    const result = await callApi(
      libraryRoutes.updateSetting,
      { params: { settingId: id }, body: { share } },
      options,
    );
    if (result.error) setError(result.error.message);
    else setVersion((v) => v + 1);
  }
  async function remove(item: Mine) {
    if (!window.confirm(`Delete your setting of “${item.tune.title}”? This cannot be undone.`))
      return;
    const result = await callApi(
      libraryRoutes.deleteSetting,
      { params: { settingId: item.id } },
      options,
    );
    if (result.error) setError(result.error.message);
    else setVersion((v) => v + 1);
  }

  return (
    <section className="share-mine" aria-labelledby={headingId}>
      <h2 id={headingId}>Your tunes</h2>
      {error && (
        <p className="share-error" role="alert">
          {error}
        </p>
      )}
      {items === null && !error && <p className="share-status">Loading your tunes…</p>}
      {items?.length === 0 && (
        <p>
          You have not added a tune yet.{' '}
          <Link to={paths.importSong}>Import a BWW or MusicXML file</Link>.
        </p>
      )}
      {items && items.length > 0 && (
        <ul className="share-mine-list">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={tunePageHref(item.tune.slug)}>{item.tune.title}</Link>
              <span className="share-mine-state">{visibilityText(item) ?? 'Public'}</span>
              <span className="share-mine-actions">
                {item.visibility === 'private' && PUBLIC_LICENCES.includes(item.licence) && (
                  <button type="button" onClick={() => void change(item.id, true)}>
                    Ask to share
                  </button>
                )}
                {(item.visibility === 'pending' || item.visibility === 'public') && (
                  <button type="button" onClick={() => void change(item.id, false)}>
                    Make private
                  </button>
                )}
                <button type="button" onClick={() => void remove(item)}>
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
