import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { libraryRoutes, type TuneSummary } from '../../../contracts/library/libraryRoutes.ts';
import {
  LICENCES,
  LICENCE_LABELS,
  LIBRARY_LIMITS as L,
  PUBLIC_LICENCES,
  TIME_SIGNATURES,
  TUNE_TYPES,
  TUNE_TYPE_LABELS,
  libraryMessages,
  type Licence,
} from '../../../contracts/library/libraryTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import { callApi } from '../../lib/apiClient.ts';
import type { TuneDetails, TuneFile } from './readTuneFile.ts';

type CheckAnswer = z.infer<typeof libraryRoutes.checkUpload.response>;
type Saved = z.infer<typeof libraryRoutes.upload.response>;

export interface UploadFormProps {
  readonly file: TuneFile;
  readonly tuneIndex: number;
  readonly details: TuneDetails | null;
  readonly onSaved: (saved: Saved, shared: boolean) => void;
  readonly fetchImpl?: typeof fetch;
}

type Field =
  | 'title'
  | 'aliases'
  | 'type'
  | 'timeSignature'
  | 'composer'
  | 'composerDates'
  | 'arranger'
  | 'source'
  | 'notes'
  | 'licence'
  | 'attribution';

/** The server says 'licence: Only public-domain…': the field, and the words to show. */
export function fieldOfMessage(message: string): { field: Field | null; text: string } {
  const match = /^([a-zA-Z]+)(?:\.\d+)?: (.*)$/s.exec(message);
  const fields: readonly string[] = [
    'title',
    'aliases',
    'type',
    'timeSignature',
    'composer',
    'composerDates',
    'arranger',
    'source',
    'notes',
    'licence',
    'attribution',
  ];
  if (match && fields.includes(match[1]!)) return { field: match[1] as Field, text: match[2]! };
  return { field: null, text: message };
}

/**
 * Add a tune to the library (issue 15 item 3): the details, the licence, and whether to share
 * it. Private by default; shared only under a licence that allows it, and then only after a
 * curator has looked. Tunes already in the library are offered as 'a new setting of …'.
 */
export function UploadForm({ file, tuneIndex, details, onSaved, fetchImpl }: UploadFormProps) {
  const options = fetchImpl ? { fetch: fetchImpl } : {};
  const [check, setCheck] = useState<CheckAnswer | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [target, setTarget] = useState<string>('new');
  const [title, setTitle] = useState(details?.title ?? '');
  const [aliases, setAliases] = useState('');
  const [type, setType] = useState<string>(details?.type ?? '');
  const [time, setTime] = useState<string>(details?.timeSignature ?? '2/4');
  const [composer, setComposer] = useState(details?.composer ?? 'Traditional');
  const [composerDates, setComposerDates] = useState('');
  const [arranger, setArranger] = useState('');
  const [source, setSource] = useState('');
  const [notes, setNotes] = useState('');
  const [licence, setLicence] = useState<Licence | ''>('');
  const [attribution, setAttribution] = useState('');
  const [share, setShare] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const fid = (name: string) => `${id}-${name}`;

  // The file's tunes and the library tunes it may already be (same name, or ≥ 90% same melody).
  useEffect(() => {
    let live = true;
    setCheck(null);
    setCheckError(null);
    void callApi(
      libraryRoutes.checkUpload,
      {
        body: {
          format: file.format,
          text: file.text,
          ...(details?.title ? { title: details.title } : {}),
        },
      },
      fetchImpl ? { fetch: fetchImpl } : {},
    ).then((result) => {
      if (!live) return;
      if (result.data) {
        setCheck(result.data);
        const first = result.data.tunes[tuneIndex];
        if (file.format === 'musicxml' && first) {
          // MusicXML is read on the server: prefill from what it found.
          setTitle((t) => t || first.title);
          if (first.composer) setComposer((c) => (c === 'Traditional' ? first.composer! : c));
        }
      } else setCheckError(result.error.message);
    });
    return () => {
      live = false;
    };
  }, [file, tuneIndex, details?.title, fetchImpl]);

  const canShare = licence !== '' && PUBLIC_LICENCES.includes(licence);
  useEffect(() => {
    if (!canShare) setShare(false);
  }, [canShare]);

  function validate(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (target === 'new' && !title.trim()) found.title = libraryMessages.titleRequired;
    if (target === 'new' && !type) found.type = libraryMessages.typeRequired;
    if (!licence) found.licence = libraryMessages.licenceRequired;
    if (licence === 'cc-by' && !attribution.trim())
      found.attribution = libraryMessages.attributionRequired;
    return found;
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const existing = target !== 'new' ? check?.duplicates.find((d) => d.tune.id === target) : null;
    setSaving(true);
    const result = await callApi(
      libraryRoutes.upload,
      {
        body: {
          format: file.format,
          text: file.text,
          tuneIndex,
          ...(existing ? { tuneId: existing.tune.id } : {}),
          title: existing ? existing.tune.title : title.trim(),
          aliases: aliases
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean)
            .slice(0, L.aliases),
          type: (existing ? existing.tune.type : type) as (typeof TUNE_TYPES)[number],
          timeSignature: (existing
            ? existing.tune.timeSignature
            : time) as (typeof TIME_SIGNATURES)[number],
          composer: composer.trim() || 'Traditional',
          ...(composerDates.trim() ? { composerDates: composerDates.trim() } : {}),
          ...(arranger.trim() ? { arranger: arranger.trim() } : {}),
          ...(source.trim() ? { source: source.trim() } : {}),
          ...(notes.trim() ? { notes: notes.trim() } : {}),
          licence: licence as Licence,
          ...(attribution.trim() ? { attribution: attribution.trim() } : {}),
          share,
        },
      },
      options,
    );
    setSaving(false);
    if (result.data) {
      onSaved(result.data, share);
      return;
    }
    const { field, text } = fieldOfMessage(result.error.message);
    if (field) setErrors({ [field]: text });
    else setFormError(text);
  }

  const described = (name: Field) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${fid(name)}-error` } : {};
  const errorOf = (name: Field) =>
    errors[name] ? (
      <p id={`${fid(name)}-error`} className="upload-field-error">
        {errors[name]}
      </p>
    ) : null;

  const duplicates: readonly { tune: TuneSummary; reason: string; similarity: number }[] =
    check?.duplicates ?? [];

  return (
    <form className="upload-form" onSubmit={(e) => void save(e)} noValidate>
      <h2>Add it to the library</h2>
      {checkError && (
        <p className="upload-error" role="alert">
          {checkError}
        </p>
      )}
      {check && check.warnings.length > 0 && (
        <details className="upload-warnings">
          <summary>
            {check.warnings.length} {check.warnings.length === 1 ? 'thing' : 'things'} in the file
            could not be read exactly
          </summary>
          <ul>
            {check.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </details>
      )}
      {duplicates.length > 0 && (
        <fieldset className="upload-duplicates">
          <legend>This tune may already be in the library</legend>
          <label>
            <input
              type="radio"
              name={fid('target')}
              value="new"
              checked={target === 'new'}
              onChange={() => setTarget('new')}
            />{' '}
            Add it as a new tune
          </label>
          {duplicates.map((d) => (
            <label key={d.tune.id}>
              <input
                type="radio"
                name={fid('target')}
                value={d.tune.id}
                checked={target === d.tune.id}
                onChange={() => setTarget(d.tune.id)}
              />{' '}
              Add as a new setting of “{d.tune.title}” (
              {d.reason === 'title'
                ? 'same name'
                : `${Math.round(d.similarity * 100)}% the same melody`}
              )
            </label>
          ))}
        </fieldset>
      )}

      {target === 'new' && (
        <div className="upload-grid">
          <div className="upload-field upload-wide">
            <label htmlFor={fid('title')}>Title</label>
            <input
              id={fid('title')}
              value={title}
              maxLength={L.title}
              onChange={(e) => setTitle(e.target.value)}
              {...described('title')}
            />
            {errorOf('title')}
          </div>
          <div className="upload-field upload-wide">
            <label htmlFor={fid('aliases')}>Other names (separated by commas)</label>
            <input
              id={fid('aliases')}
              value={aliases}
              onChange={(e) => setAliases(e.target.value)}
              {...described('aliases')}
            />
            {errorOf('aliases')}
          </div>
          <div className="upload-field">
            <label htmlFor={fid('type')}>Type</label>
            <select
              id={fid('type')}
              value={type}
              onChange={(e) => setType(e.target.value)}
              {...described('type')}
            >
              <option value="">Choose…</option>
              {TUNE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TUNE_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
            {errorOf('type')}
          </div>
          <div className="upload-field">
            <label htmlFor={fid('time')}>Time signature</label>
            <select id={fid('time')} value={time} onChange={(e) => setTime(e.target.value)}>
              {TIME_SIGNATURES.map((t) => (
                <option key={t} value={t}>
                  {t === 'other' ? 'Other' : t}
                </option>
              ))}
            </select>
          </div>
          <div className="upload-field">
            <label htmlFor={fid('composer')}>Composer</label>
            <input
              id={fid('composer')}
              value={composer}
              maxLength={L.composer}
              onChange={(e) => setComposer(e.target.value)}
              {...described('composer')}
            />
            {errorOf('composer')}
          </div>
          <div className="upload-field">
            <label htmlFor={fid('dates')}>Composer’s dates</label>
            <input
              id={fid('dates')}
              value={composerDates}
              maxLength={L.composerDates}
              placeholder="e.g. 1866–1933"
              onChange={(e) => setComposerDates(e.target.value)}
            />
          </div>
        </div>
      )}
      <div className="upload-grid">
        <div className="upload-field">
          <label htmlFor={fid('arranger')}>Arranged by</label>
          <input
            id={fid('arranger')}
            value={arranger}
            maxLength={L.arranger}
            onChange={(e) => setArranger(e.target.value)}
          />
        </div>
        <div className="upload-field">
          <label htmlFor={fid('source')}>Source (book, collection, teacher)</label>
          <input
            id={fid('source')}
            value={source}
            maxLength={L.source}
            onChange={(e) => setSource(e.target.value)}
          />
        </div>
        {target === 'new' && (
          <div className="upload-field upload-wide">
            <label htmlFor={fid('notes')}>Notes</label>
            <textarea
              id={fid('notes')}
              rows={3}
              value={notes}
              maxLength={L.notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </div>
        )}
      </div>

      <fieldset
        className="upload-licence"
        aria-describedby={`${fid('living')}${errors.licence ? ` ${fid('licence')}-error` : ''}`}
      >
        <legend>Licence</legend>
        <p id={fid('living')} className="upload-living">
          {libraryMessages.livingComposers}
        </p>
        {LICENCES.map((l) => (
          <label key={l}>
            <input
              type="radio"
              name={fid('licence')}
              value={l}
              checked={licence === l}
              onChange={() => setLicence(l)}
            />{' '}
            {LICENCE_LABELS[l]}
          </label>
        ))}
        {errorOf('licence')}
      </fieldset>
      {licence === 'cc-by' && (
        <div className="upload-field">
          <label htmlFor={fid('attribution')}>Name to credit</label>
          <input
            id={fid('attribution')}
            value={attribution}
            maxLength={L.attribution}
            onChange={(e) => setAttribution(e.target.value)}
            {...described('attribution')}
          />
          {errorOf('attribution')}
        </div>
      )}
      <label className="upload-share">
        <input
          type="checkbox"
          checked={share}
          disabled={!canShare}
          onChange={(e) => setShare(e.target.checked)}
        />{' '}
        Share it in the public library (a curator checks it first)
      </label>
      {!canShare && licence !== '' && (
        <p className="upload-muted">Music for your own use stays private.</p>
      )}
      {formError && (
        <p className="upload-error" role="alert">
          {formError}
        </p>
      )}
      <p>
        <button type="submit" className="upload-save" disabled={saving}>
          {saving ? 'Saving…' : share ? 'Save and ask to share' : 'Save privately'}
        </button>
      </p>
      <p className="upload-muted">
        Your tunes are listed under “Your tunes” in the <Link to={paths.sheetShare}>Library</Link>.
      </p>
    </form>
  );
}
