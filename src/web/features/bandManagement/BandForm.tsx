import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { bandRoutes, type ManagedBand } from '../../../contracts/directory/bandRoutes.ts';
import {
  BAND_GRADES,
  BAND_GRADE_LABELS,
  DIRECTORY_LIMITS as L,
  RECRUITING,
  RECRUITING_LABELS,
  type BandGrade,
} from '../../../contracts/directory/directoryTerms.ts';
import { callApi } from '../../lib/apiClient.ts';
import { FormField } from '../../ui/FormField.tsx';
import { localeCountry, PlacePicker } from '../../ui/places/PlacePicker.tsx';
import {
  checkBandEdit,
  checkNewBand,
  emptyBandForm,
  serverErrors,
  type BandFormState,
  type FieldErrors,
} from './bandForm.ts';
import { base64Of, LogoField } from './LogoField.tsx';
import { PracticeRows } from './PracticeRows.tsx';
import { TunePicker } from './TunePicker.tsx';

interface Props {
  /** The band being edited; absent for a registration. */
  readonly bandId?: string;
  /** The fields to start from (an empty registration by default). */
  readonly initial?: BandFormState;
  readonly logoUrl?: string | null;
  readonly submitLabel: string;
  readonly onSaved: (band: ManagedBand) => void;
  readonly children?: ReactNode;
}

/**
 * The band form (issue 16 items 1 and 3): every field of a listing, for registration and for
 * edits. The contract's schema checks it before sending; what the server refuses is shown
 * beside the field it names. The logo goes up once the band is saved (it needs the band's id).
 */
export function BandForm({
  bandId,
  initial = emptyBandForm,
  logoUrl = null,
  submitLabel,
  onSaved,
  children,
}: Props) {
  const id = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [logo, setLogo] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof BandFormState>(key: K, value: BandFormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof BandFormState & keyof FieldErrors, label: string, extra = {}) => (
    <FormField
      id={`${id}-${key}`}
      name={key}
      label={label}
      value={form[key] as string}
      error={errors[key]}
      required={false}
      onChange={(value) => set(key, value as never)}
      {...extra}
    />
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = bandId ? checkBandEdit(form) : checkNewBand(form);
    if (!checked.ok || errors.logo) {
      setErrors({
        ...(checked.ok ? {} : checked.errors),
        ...(errors.logo ? { logo: errors.logo } : {}),
      });
      focusFirstError();
      return;
    }
    setBusy(true);
    const saved = bandId
      ? await callApi(bandRoutes.update, { params: { bandId }, body: checked.input })
      : await callApi(bandRoutes.create, { body: checked.input as never });
    if (saved.error) {
      setBusy(false);
      setErrors(serverErrors(saved.error.message));
      focusFirstError();
      return;
    }
    let managed = saved.data;
    if (logo) {
      const uploaded = await callApi(bandRoutes.uploadLogo, {
        params: { bandId: managed.band.id },
        body: { mime: logo.type, base64: await base64Of(logo) },
      });
      if (uploaded.error) {
        // The band is saved; the logo can be tried again from the band's profile.
        const problem = serverErrors(uploaded.error.message);
        setErrors({ logo: problem.logo ?? problem.form ?? uploaded.error.message });
      } else {
        managed = { ...managed, band: { ...managed.band, logoUrl: uploaded.data.logoUrl } };
      }
    }
    setBusy(false);
    onSaved(managed);
  }

  function focusFirstError() {
    // After React has drawn the messages: the first invalid control takes the focus.
    requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('.band-form [aria-invalid="true"]')?.focus();
    });
  }

  return (
    <form className="band-form" noValidate onSubmit={(e) => void submit(e)}>
      {errors.form && (
        <p className="site-form-alert" role="alert">
          {errors.form}
        </p>
      )}
      <fieldset className="band-fieldset card">
        <legend>The band</legend>
        {text('name', 'Band name', { required: true })}
        <div className="site-form-field">
          <label htmlFor={`${id}-grade`}>Grade</label>
          <select
            id={`${id}-grade`}
            value={form.grade}
            aria-invalid={errors.grade ? true : undefined}
            aria-describedby={errors.grade ? `${id}-grade-error` : undefined}
            onChange={(e) => set('grade', e.target.value as BandGrade | '')}
          >
            <option value="">Choose…</option>
            {BAND_GRADES.map((grade) => (
              <option key={grade} value={grade}>
                {BAND_GRADE_LABELS[grade]}
              </option>
            ))}
          </select>
          {errors.grade && (
            <p id={`${id}-grade-error`} className="site-form-error">
              {errors.grade}
            </p>
          )}
        </div>
        <div className="band-two">
          {text('association', 'Association (optional)')}
          {text('branch', 'Branch (optional)')}
        </div>
        {text('description', 'A short description (optional)', { multiline: true })}
        <p className="site-form-hint">
          {form.description.length} / {L.descriptionMax} characters
        </p>
      </fieldset>

      <fieldset className="band-fieldset card">
        <legend>Where and when</legend>
        <PlacePicker
          label="Town"
          // The form is drawn only once the sign-in state is known, after hydration.
          country={localeCountry(navigator.languages)}
          value={form.place}
          error={errors.placeId}
          onChange={(place) => set('place', place)}
        />
        {text('venue', 'Practice venue (name and address)', { required: true })}
        <div className="band-check">
          <input
            id={`${id}-exact`}
            type="checkbox"
            checked={form.exactLocation}
            aria-describedby={`${id}-exact-why`}
            onChange={(e) => set('exactLocation', e.target.checked)}
          />
          <label htmlFor={`${id}-exact`}>Show the exact practice place on the map</label>
        </div>
        <p id={`${id}-exact-why`} className="site-form-hint">
          Off, the map shows your practice place only to within about a kilometre and the address
          stays hidden — a safer choice when children practise with the band. Pipers who get in
          touch can be told where to come.
        </p>
        <PracticeRows
          rows={form.practice}
          error={errors.practice}
          onChange={(rows) => set('practice', rows)}
        />
      </fieldset>

      <fieldset className="band-fieldset card">
        <legend>Recruiting and what the band offers</legend>
        <p className="site-form-hint">The band is looking for:</p>
        <div className="band-checks">
          {RECRUITING.map((r) => (
            <div className="band-check" key={r}>
              <input
                id={`${id}-rec-${r}`}
                type="checkbox"
                checked={form.recruiting.includes(r)}
                onChange={(e) =>
                  set(
                    'recruiting',
                    e.target.checked
                      ? RECRUITING.filter((x) => x === r || form.recruiting.includes(x))
                      : form.recruiting.filter((x) => x !== r),
                  )
                }
              />
              <label htmlFor={`${id}-rec-${r}`}>{RECRUITING_LABELS[r]}</label>
            </div>
          ))}
        </div>
        {(
          [
            ['learnerProgramme', 'The band teaches learners (a learner programme)'],
            ['loanerInstruments', 'Instruments can be borrowed'],
            ['uniforms', 'Uniforms are provided'],
          ] as const
        ).map(([key, label]) => (
          <div className="band-check" key={key}>
            <input
              id={`${id}-${key}`}
              type="checkbox"
              checked={form[key]}
              onChange={(e) => set(key, e.target.checked)}
            />
            <label htmlFor={`${id}-${key}`}>{label}</label>
          </div>
        ))}
      </fieldset>

      <fieldset className="band-fieldset card">
        <legend>Online and contact</legend>
        {text('website', 'Website (optional)', { type: 'text', autoComplete: 'url' })}
        {text('socials', `Social media links, one a line (up to ${L.socialMax}, optional)`, {
          multiline: true,
        })}
        {text(
          'contactEmail',
          bandId ? 'New contact email (leave empty to keep the current one)' : 'Contact email',
          { type: 'email', required: !bandId, autoComplete: 'email' },
        )}
        <p className="site-form-hint">
          Messages from the band’s page reach this address through our contact form. It is never
          shown to visitors.
        </p>
      </fieldset>

      <div className="band-fieldset card">
        <TunePicker tunes={form.tunes} error={errors.tuneIds} onChange={(t) => set('tunes', t)} />
      </div>

      <div className="band-fieldset card">
        <LogoField
          currentUrl={logoUrl}
          error={errors.logo}
          onChoose={(file, problem) => {
            setLogo(problem ? null : file);
            setErrors((e) => {
              const { logo: _old, ...rest } = e;
              return problem ? { ...rest, logo: problem } : rest;
            });
          }}
        />
      </div>

      <div className="band-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
