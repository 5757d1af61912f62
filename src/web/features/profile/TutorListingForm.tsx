import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  DIRECTORY_LIMITS,
  TUTOR_LEVELS,
  TUTOR_LEVEL_LABELS,
} from '../../../contracts/directory/directoryTerms.ts';
import { PlacePicker } from '../../ui/places/PlacePicker.tsx';
import {
  CURRENCIES,
  tutorInputOf,
  type TutorFormErrors,
  type TutorFormValues,
} from './tutorForm.ts';
import type { TutorInput } from '../../../contracts/directory/tutorRoutes.ts';

export interface TutorListingFormProps {
  readonly initial: TutorFormValues;
  readonly saving: boolean;
  /** The server's refusal, shown above the buttons. */
  readonly serverError: string | null;
  readonly onSave: (input: TutorInput) => void;
  readonly onCancel: () => void;
  readonly fetch?: typeof fetch;
}

/**
 * The tutor listing form on /profile (issue 16 item 5): display name, town from the gazetteer,
 * in person and/or online, levels, qualifications, languages, an optional fee range and
 * currency, a description and a website. Checked with the server's schema before sending.
 */
export function TutorListingForm({
  initial,
  saving,
  serverError,
  onSave,
  onCancel,
  fetch: fetchImpl,
}: TutorListingFormProps) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<TutorFormErrors>({});
  const set = <K extends keyof TutorFormValues>(key: K, value: TutorFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = tutorInputOf(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    onSave(checked.input);
  }

  const errorId = (key: keyof TutorFormErrors) => `${id}-${key}-error`;
  const errorLine = (key: keyof TutorFormErrors): ReactNode =>
    errors[key] ? (
      <p id={errorId(key)} className="site-form-error">
        {errors[key]}
      </p>
    ) : null;
  const invalid = (key: keyof TutorFormErrors) =>
    errors[key] ? { 'aria-invalid': true, 'aria-describedby': errorId(key) } : {};

  return (
    <form className="tutor-form" noValidate onSubmit={submit} aria-label="Tutor listing">
      <div className="site-form-field">
        <label htmlFor={`${id}-name`}>Name pupils will know you by</label>
        <input
          id={`${id}-name`}
          value={values.displayName}
          maxLength={DIRECTORY_LIMITS.nameMax}
          autoComplete="name"
          {...invalid('displayName')}
          onChange={(e) => set('displayName', e.target.value)}
        />
        {errorLine('displayName')}
      </div>
      <PlacePicker
        label="Town"
        value={values.place}
        onChange={(place) => set('place', place)}
        error={errors.place}
        {...(fetchImpl ? { fetch: fetchImpl } : {})}
      />
      <fieldset className="tutor-form__group" {...invalid('online')}>
        <legend>Lessons</legend>
        <label>
          <input
            type="checkbox"
            checked={values.inPerson}
            onChange={(e) => set('inPerson', e.target.checked)}
          />{' '}
          In person
        </label>
        <label>
          <input
            type="checkbox"
            checked={values.online}
            onChange={(e) => set('online', e.target.checked)}
          />{' '}
          Online
        </label>
        {errorLine('online')}
      </fieldset>
      <fieldset className="tutor-form__group" {...invalid('levels')}>
        <legend>Levels you teach</legend>
        {TUTOR_LEVELS.map((level) => (
          <label key={level}>
            <input
              type="checkbox"
              checked={values.levels.includes(level)}
              onChange={(e) =>
                set(
                  'levels',
                  e.target.checked
                    ? TUTOR_LEVELS.filter((l) => l === level || values.levels.includes(l))
                    : values.levels.filter((l) => l !== level),
                )
              }
            />{' '}
            {TUTOR_LEVEL_LABELS[level]}
          </label>
        ))}
        {errorLine('levels')}
      </fieldset>
      <div className="site-form-field">
        <label htmlFor={`${id}-qualifications`}>Qualifications (optional)</label>
        <input
          id={`${id}-qualifications`}
          value={values.qualifications}
          placeholder="e.g. PDQB Certificate, Senior A grade soloist"
          {...invalid('qualifications')}
          onChange={(e) => set('qualifications', e.target.value)}
        />
        {errorLine('qualifications')}
      </div>
      <div className="site-form-field">
        <label htmlFor={`${id}-languages`}>Languages</label>
        <input
          id={`${id}-languages`}
          value={values.languages}
          aria-describedby={`${id}-languages-hint`}
          onChange={(e) => set('languages', e.target.value)}
        />
        <p id={`${id}-languages-hint`} className="site-form-hint">
          Separated by commas, e.g. English, Gàidhlig.
        </p>
        {errorLine('languages')}
      </div>
      <fieldset className="tutor-form__fee" {...invalid('feeMax')}>
        <legend>Fee per lesson (optional)</legend>
        <div className="tutor-form__fee-row">
          <div className="site-form-field">
            <label htmlFor={`${id}-fee-min`}>From</label>
            <input
              id={`${id}-fee-min`}
              inputMode="numeric"
              value={values.feeMin}
              onChange={(e) => set('feeMin', e.target.value)}
            />
          </div>
          <div className="site-form-field">
            <label htmlFor={`${id}-fee-max`}>To</label>
            <input
              id={`${id}-fee-max`}
              inputMode="numeric"
              value={values.feeMax}
              onChange={(e) => set('feeMax', e.target.value)}
            />
          </div>
          <div className="site-form-field">
            <label htmlFor={`${id}-currency`}>Currency</label>
            <select
              id={`${id}-currency`}
              value={values.currency}
              onChange={(e) => set('currency', e.target.value)}
            >
              {CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
        </div>
        {errorLine('feeMin') ?? errorLine('feeMax') ?? errorLine('currency')}
      </fieldset>
      <div className="site-form-field">
        <label htmlFor={`${id}-description`}>About your lessons (optional)</label>
        <textarea
          id={`${id}-description`}
          rows={4}
          maxLength={DIRECTORY_LIMITS.descriptionMax}
          value={values.description}
          {...invalid('description')}
          onChange={(e) => set('description', e.target.value)}
        />
        {errorLine('description')}
      </div>
      <div className="site-form-field">
        <label htmlFor={`${id}-website`}>Website (optional)</label>
        <input
          id={`${id}-website`}
          type="url"
          value={values.website}
          placeholder="https://"
          {...invalid('website')}
          onChange={(e) => set('website', e.target.value)}
        />
        {errorLine('website')}
      </div>
      {errors.form || serverError ? (
        <p className="site-form-alert" role="alert">
          {errors.form ?? serverError}
        </p>
      ) : null}
      <div className="profile-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save Listing'}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
