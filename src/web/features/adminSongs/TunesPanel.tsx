/**
 * Tunes (issue 15 item 8): find a tune by title or alias (every visibility, typos forgiven),
 * then edit its metadata, feature it on the library page, or merge it into a duplicate.
 */
import { useState, type FormEvent } from 'react';
import {
  curationRoutes,
  type CuratedTune,
  type TuneEditBody,
} from '../../../contracts/library/curationRoutes.ts';
import { TUNE_TYPE_LABELS } from '../../../contracts/library/libraryTerms.ts';
import { callCuration, isRefusal } from './curationClient.ts';
import { EditTuneForm } from './EditTuneForm.tsx';
import { MergeDialog } from './MergeDialog.tsx';
import { useCurationQuery } from './useCurationQuery.ts';

const PAGE = 20;

export function TunesPanel({
  onRefused,
  onDone,
}: {
  onRefused: () => void;
  onDone: (message: string, kind?: 'ok' | 'error') => void;
}) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [featuredOnly, setFeaturedOnly] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [merging, setMerging] = useState<CuratedTune | null>(null);
  const { result, reload } = useCurationQuery(
    curationRoutes.tunes,
    {
      ...(query ? { q: query } : {}),
      ...(featuredOnly ? { featured: 'true' as const } : {}),
      limit: PAGE,
    },
    onRefused,
  );

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery(search.trim());
  };

  async function feature(tune: CuratedTune) {
    const answer = await callCuration(curationRoutes.featureTune, {
      params: { tuneId: tune.id },
      body: { featured: !tune.featured },
    });
    if (answer.error) {
      if (isRefusal(answer.error.status)) onRefused();
      else onDone(answer.error.message, 'error');
    } else {
      onDone(
        answer.data.featured
          ? `“${tune.title}” is featured on the library page.`
          : `“${tune.title}” is no longer featured.`,
      );
    }
    reload();
  }

  async function save(tune: CuratedTune, body: TuneEditBody): Promise<string | null> {
    const answer = await callCuration(curationRoutes.editTune, {
      params: { tuneId: tune.id },
      body,
    });
    if (answer.error) {
      if (isRefusal(answer.error.status)) onRefused();
      return answer.error.message;
    }
    setEditing(null);
    onDone(`Saved “${answer.data.title}”.`);
    reload();
    return null;
  }

  async function merge(tune: CuratedTune, into: CuratedTune): Promise<string | null> {
    const answer = await callCuration(curationRoutes.mergeTune, {
      params: { tuneId: tune.id },
      body: { into: into.id },
    });
    if (answer.error) {
      if (isRefusal(answer.error.status)) onRefused();
      return answer.error.message;
    }
    setMerging(null);
    onDone(
      `Merged “${tune.title}” into “${into.title}” (${answer.data.moved} ${answer.data.moved === 1 ? 'setting' : 'settings'} moved).`,
    );
    reload();
    return null;
  }

  return (
    <>
      <form className="admin-songs-search" role="search" onSubmit={onSearch}>
        <div className="site-form-field">
          <label htmlFor="admin-songs-tune-search">Title or other name</label>
          <input
            id="admin-songs-tune-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <button type="submit" className="button">
          Search
        </button>
        <label className="admin-songs-check">
          <input
            type="checkbox"
            checked={featuredOnly}
            onChange={(e) => setFeaturedOnly(e.target.checked)}
          />
          Featured only
        </label>
      </form>
      {result.state === 'loading' ? <p role="status">Loading tunes…</p> : null}
      {result.state === 'error' ? (
        <p className="site-form-alert" role="alert">
          {result.message}
        </p>
      ) : null}
      {result.state === 'ready' ? (
        <>
          <p className="site-form-hint">
            {result.data.total} {result.data.total === 1 ? 'tune' : 'tunes'}
            {query ? ` matching “${query}”` : ''}
            {result.data.total > result.data.tunes.length
              ? ` (the first ${result.data.tunes.length} shown)`
              : ''}
          </p>
          <ul className="admin-songs-list">
            {result.data.tunes.map((tune) => (
              <li key={tune.id} className="card admin-songs-card">
                <h2 className="admin-songs-title">
                  {tune.title}
                  {tune.featured ? <span className="admin-songs-badge">Featured</span> : null}
                </h2>
                <p className="admin-songs-meta">
                  {TUNE_TYPE_LABELS[tune.type]} · {tune.timeSignature} · {tune.composer}
                  {tune.composerDates ? ` (${tune.composerDates})` : ''} · /{tune.slug}
                </p>
                <p className="admin-songs-meta">
                  {tune.settings.total} {tune.settings.total === 1 ? 'setting' : 'settings'}:{' '}
                  {tune.settings.public} public, {tune.settings.pending} waiting for review
                  {tune.aliases.length ? ` · also called ${tune.aliases.join(', ')}` : ''}
                </p>
                {editing === tune.id ? (
                  <EditTuneForm
                    tune={tune}
                    onSave={(body) => save(tune, body)}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <div className="admin-songs-actions">
                    <button
                      type="button"
                      className="button"
                      aria-label={`Edit ${tune.title}`}
                      onClick={() => setEditing(tune.id)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button secondary"
                      aria-label={`${tune.featured ? 'Unfeature' : 'Feature'} ${tune.title}`}
                      onClick={() => void feature(tune)}
                    >
                      {tune.featured ? 'Unfeature' : 'Feature'}
                    </button>
                    <button
                      type="button"
                      className="button secondary"
                      aria-label={`Merge ${tune.title} into another tune`}
                      onClick={() => setMerging(tune)}
                    >
                      Merge…
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {merging ? (
        <MergeDialog
          tune={merging}
          onMerge={(into) => merge(merging, into)}
          onClose={() => setMerging(null)}
        />
      ) : null}
    </>
  );
}
