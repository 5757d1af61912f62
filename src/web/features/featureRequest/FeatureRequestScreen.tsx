import { useEffect, useRef, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { FEATURE_REQUEST_FORM_NAME, waitButtonLabel } from '../../../contracts/forms.ts';
import { HumanCheck } from '../../ui/HumanCheck.tsx';
import { keptOfflineText } from '../../lib/offline/keptOfflineText.ts';
import {
  browserUserAgent,
  featurePrefill,
  useFeatureRequestForm,
  type FeatureRequestOptions,
  type FeatureTextField,
} from './useFeatureRequestForm.ts';
import '../../ui/siteForm.css';
import './featureRequest.css';
import { FormField } from '../../ui/FormField.tsx';

const labels: Record<FeatureTextField, string> = {
  title: 'Title',
  email: 'Email',
  description: 'Description',
  browser: 'Browser and version',
};

/** A stable ref callback: focuses the element once, when it mounts (not on every render). */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/**
 * Feature request or bug report (spec §2.3): the request type, title, email, description, the
 * browser for bugs, the human check and a hidden honeypot; a confirmation after success.
 */
export default function FeatureRequestScreen(
  props: Omit<FeatureRequestOptions, 'prefill'> & { loadHumanCheck?: () => Promise<unknown> },
) {
  const location = useLocation();
  const { loadHumanCheck, ...options } = props;
  const form = useFeatureRequestForm({
    ...options,
    prefill: featurePrefill(location.state, options.userAgent ?? browserUserAgent()),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, values, refusals } = form;
  const isBug = values.type === 'bug';

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  if (form.phase === 'sent') {
    return (
      <section className="page site-form">
        <h1 tabIndex={-1} ref={focusOnMount}>
          Thank You!
        </h1>
        <div className="card site-form-card site-form-done">
          <p>
            {form.queued
              ? keptOfflineText(isBug ? 'bug report' : 'feature request')
              : isBug
                ? 'Your bug report has been received. Thank you for helping make Chanterlab better.'
                : 'Your feature request has been received. Thank you for helping shape Chanterlab.'}
          </p>
          <button type="button" className="button" onClick={form.submitAnother}>
            Submit Another Request
          </button>
        </div>
      </section>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const botField = new FormData(event.currentTarget).get('bot-field');
    void form.submit(typeof botField === 'string' ? botField : '');
  };

  const field = (name: FeatureTextField, multiline = false) => (
    <FormField
      id={`feature-${name}`}
      name={name}
      label={labels[name]}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => form.change(name, value)}
      multiline={multiline}
      required={name !== 'browser'}
      type={name === 'email' ? 'email' : 'text'}
      autoComplete={name === 'email' ? 'email' : 'off'}
    />
  );

  const waiting = form.secondsLeft > 0;
  return (
    <section className="page site-form">
      <h1>Feature Request or Bug Report</h1>
      <p className="site-form-intro">
        Tell us what would help your practice, or what went wrong. Every request is read.
      </p>
      <form
        ref={formRef}
        className="card site-form-card"
        name={FEATURE_REQUEST_FORM_NAME}
        method="post"
        action="/"
        noValidate
        onSubmit={onSubmit}
      >
        <input type="hidden" name="form-name" value={FEATURE_REQUEST_FORM_NAME} />
        <p className="site-form-honeypot" hidden>
          <label>
            Leave this empty: <input name="bot-field" tabIndex={-1} autoComplete="off" />
          </label>
        </p>
        <fieldset className="site-form-types">
          <legend>Request type</legend>
          {(
            [
              ['feature', 'Feature request'],
              ['bug', 'Bug report'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="site-form-radio">
              <input
                type="radio"
                name="type"
                value={value}
                checked={values.type === value}
                onChange={() => form.change('type', value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {field('title')}
        {field('email')}
        {field('description', true)}
        {isBug ? field('browser') : null}
        <div className="site-form-field">
          <span className="site-form-label" id="feature-human-check-label">
            Human check
          </span>
          <div
            role="group"
            aria-labelledby="feature-human-check-label"
            aria-describedby={errors.humanCheck ? 'feature-human-check-error' : undefined}
          >
            <HumanCheck
              onChange={form.setHumanCheck}
              resetKey={form.humanCheckKey}
              allowLater
              {...(loadHumanCheck ? { load: loadHumanCheck } : {})}
            />
          </div>
          {errors.humanCheck ? (
            <p id="feature-human-check-error" className="site-form-error">
              {errors.humanCheck}
            </p>
          ) : null}
        </div>
        {form.formError ? (
          <p className="site-form-alert" role="alert">
            {form.formError}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={waiting || form.phase === 'sending'}>
          {waiting
            ? waitButtonLabel(form.secondsLeft)
            : form.phase === 'sending'
              ? 'Sending…'
              : 'Submit Request'}
        </button>
      </form>
    </section>
  );
}
