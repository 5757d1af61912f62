/**
 * A tune's metadata as a curator edits it (issue 15 item 8): title, aliases, type, time,
 * composer, dates and notes. The tune keeps its address unless the curator asks, since old
 * links would stop working.
 */
import { useId, useState, type FormEvent } from 'react';
import type { CuratedTune, TuneEditBody } from '../../../contracts/library/curationRoutes.ts';
import {
  LIBRARY_LIMITS as L,
  TIME_SIGNATURES,
  TUNE_TYPES,
  TUNE_TYPE_LABELS,
  type TimeSignatureName,
  type TuneType,
} from '../../../contracts/library/libraryTerms.ts';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function EditTuneForm({
  tune,
  onSave,
  onCancel,
}: {
  tune: CuratedTune;
  /** Resolves with an error message, or null when saved. */
  onSave: (body: TuneEditBody) => Promise<string | null>;
  onCancel: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(tune.title);
  const [aliases, setAliases] = useState(tune.aliases.join('\n'));
  const [type, setType] = useState<TuneType>(tune.type);
  const [time, setTime] = useState(tune.timeSignature);
  const [composer, setComposer] = useState(tune.composer);
  const [dates, setDates] = useState(tune.composerDates ?? '');
  const [notes, setNotes] = useState(tune.notes ?? '');
  const [renameSlug, setRenameSlug] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const times: readonly string[] = TIME_SIGNATURES.includes(time as TimeSignatureName)
    ? TIME_SIGNATURES
    : [time, ...TIME_SIGNATURES];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const failed = await onSave({
      title: title.trim(),
      aliases: lines(aliases),
      type,
      ...(TIME_SIGNATURES.includes(time as TimeSignatureName)
        ? { timeSignature: time as TimeSignatureName }
        : {}),
      composer: composer.trim() || 'Traditional',
      composerDates: dates.trim() || null,
      notes: notes.trim() || null,
      renameSlug,
    });
    setBusy(false);
    setError(failed);
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <form
      className="admin-songs-form admin-songs-edit"
      aria-label={`Edit ${tune.title}`}
      onSubmit={(e) => void submit(e)}
    >
      <div className="site-form-field">
        <label htmlFor={field('title')}>Title</label>
        <input
          id={field('title')}
          value={title}
          required
          maxLength={L.title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div className="site-form-field">
        <label htmlFor={field('aliases')}>Other names (one a line)</label>
        <textarea
          id={field('aliases')}
          rows={3}
          value={aliases}
          onChange={(e) => setAliases(e.target.value)}
        />
      </div>
      <div className="admin-songs-row">
        <div className="site-form-field">
          <label htmlFor={field('type')}>Type</label>
          <select
            id={field('type')}
            value={type}
            onChange={(e) => setType(e.target.value as TuneType)}
          >
            {TUNE_TYPES.map((t) => (
              <option key={t} value={t}>
                {TUNE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="site-form-field">
          <label htmlFor={field('time')}>Time</label>
          <select id={field('time')} value={time} onChange={(e) => setTime(e.target.value)}>
            {times.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="admin-songs-row">
        <div className="site-form-field">
          <label htmlFor={field('composer')}>Composer</label>
          <input
            id={field('composer')}
            value={composer}
            maxLength={L.composer}
            onChange={(e) => setComposer(e.target.value)}
          />
        </div>
        <div className="site-form-field">
          <label htmlFor={field('dates')}>Composer’s dates</label>
          <input
            id={field('dates')}
            value={dates}
            maxLength={L.composerDates}
            placeholder="1866–1933"
            onChange={(e) => setDates(e.target.value)}
          />
        </div>
      </div>
      <div className="site-form-field">
        <label htmlFor={field('notes')}>Notes</label>
        <textarea
          id={field('notes')}
          rows={3}
          value={notes}
          maxLength={L.notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </div>
      <label className="admin-songs-check">
        <input
          type="checkbox"
          checked={renameSlug}
          onChange={(e) => setRenameSlug(e.target.checked)}
        />
        Give it the address of the new title (links to /{tune.slug} stop working)
      </label>
      {error ? (
        <p className="site-form-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="admin-songs-actions">
        <button type="submit" className="button" disabled={busy}>
          Save
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
