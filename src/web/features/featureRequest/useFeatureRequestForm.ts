/**
 * The feature request / bug report form's state (spec §2.3, §4 'Contact and feature request
 * forms', §5 'Feature request form', §7 'Feature request', §8): editing → sending →
 * confirmation; the submit button disabled and reading 'Wait {n}s to submit again' while this
 * form's own 60-second wait runs; the human check required; validation errors reported.
 */
import { useCallback, useState } from 'react';
import {
  FEATURE_REQUEST_FORM_NAME,
  featureRequestSchema,
  fieldErrors,
  formMessages,
  requestTypes,
  waitMessage,
  type FieldErrors,
  type RequestType,
} from '../../../contracts/forms.ts';
import { postForm } from '../../lib/postForm.ts';
import { HUMAN_CHECK_LATER } from '../../lib/offline/humanCheckLater.ts';
import { reportFormErrors } from '../../lib/reportFormErrors.ts';
import { useSecondsToWait, type Clock } from '../../lib/useSecondsToWait.ts';
import { keys } from '../../storage/keys.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { describeBrowser } from './describeBrowser.ts';

export type FeatureTextField = 'title' | 'email' | 'description' | 'browser';
export type FeatureField = FeatureTextField | 'type' | 'humanCheck';
export interface FeatureValues extends Record<FeatureTextField, string> {
  readonly type: RequestType;
}
export type FeaturePhase = 'editing' | 'sending' | 'sent';

/**
 * The visitor's browser; none when the first view is prerendered (issue 21.1). The browser
 * field shows only for bug reports, so the default form hydrates the same either way.
 */
export function browserUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

function blank(userAgent: string): FeatureValues {
  return {
    type: 'feature',
    title: '',
    email: '',
    description: '',
    browser: describeBrowser(userAgent),
  };
}

/** .FEAT-08: fields a link may prefill through navigation state. */
export function featurePrefill(state: unknown, userAgent: string): FeatureValues {
  const given = (state && typeof state === 'object' ? state : {}) as Record<string, unknown>;
  const base = blank(userAgent);
  const text = (field: FeatureTextField) =>
    typeof given[field] === 'string' ? (given[field] as string) : base[field];
  return {
    type: requestTypes.includes(given.type as RequestType)
      ? (given.type as RequestType)
      : base.type,
    title: text('title'),
    email: text('email'),
    description: text('description'),
    browser: text('browser'),
  };
}

export interface FeatureRequestOptions {
  prefill?: FeatureValues;
  userAgent?: string;
  clock?: Clock;
  post?: typeof postForm;
}

export function useFeatureRequestForm(options: FeatureRequestOptions = {}) {
  const userAgent = options.userAgent ?? browserUserAgent();
  const { clock, post = postForm } = options;
  const [values, setValues] = useState<FeatureValues>(options.prefill ?? blank(userAgent));
  const [errors, setErrors] = useState<FieldErrors<FeatureField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Counts submissions refused for field errors: the screen moves focus on each, not on typing.
  const [refusals, setRefusals] = useState(0);
  const [phase, setPhase] = useState<FeaturePhase>('editing');
  // Issue 18 item 1: sent while offline, the request waits in the outbox.
  const [queued, setQueued] = useState(false);
  const [humanCheck, setHumanCheckPayload] = useState<string | null>(null);
  // Changing it gives a fresh human check: a solution works once (server, captchaService.ts).
  const [humanCheckKey, setHumanCheckKey] = useState(0);
  const [lastSubmission, setLastSubmission] = useStoredValue(keys.featureRequestLastSubmission);
  const secondsLeft = useSecondsToWait(lastSubmission, clock);

  const change = useCallback((field: FeatureTextField | 'type', value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] === undefined ? e : { ...e, [field]: undefined }));
  }, []);

  const setHumanCheck = useCallback((payload: string | null) => {
    setHumanCheckPayload(payload);
    if (payload) setErrors((e) => (e.humanCheck ? { ...e, humanCheck: undefined } : e));
  }, []);

  const submit = useCallback(
    async (botField: string) => {
      if (phase !== 'editing') return;
      setFormError(null);
      // R-5.FEAT-07, R-5.FEAT-08: the same wait, from this form's own last submission.
      if (secondsLeft > 0) {
        const message = waitMessage(secondsLeft);
        setFormError(message);
        reportFormErrors(FEATURE_REQUEST_FORM_NAME, { form: message });
        return;
      }
      const found = fieldErrors<FeatureField>(featureRequestSchema, values);
      if (!humanCheck) found.humanCheck = formMessages.humanCheckRequired;
      setErrors(found);
      if (Object.keys(found).length > 0) {
        setRefusals((n) => n + 1);
        reportFormErrors(FEATURE_REQUEST_FORM_NAME, found as Record<string, string>);
        return;
      }
      setPhase('sending');
      const fields: Record<string, string> = {
        'form-name': FEATURE_REQUEST_FORM_NAME,
        'bot-field': botField,
        type: values.type,
        title: values.title.trim(),
        email: values.email.trim(),
        description: values.description.trim(),
        // Spec §3, §7: browser for bugs only.
        ...(values.type === 'bug' ? { browser: values.browser.trim() } : {}),
      };
      // Issue 18 item 1: offline, the check runs when the connection returns (outbox).
      const later = humanCheck === HUMAN_CHECK_LATER;
      const result = later
        ? await post(fields, undefined, { humanCheckLater: true })
        : await post({ ...fields, altcha: humanCheck as string });
      setHumanCheckPayload(null);
      setHumanCheckKey((k) => k + 1);
      if (result.ok) {
        setLastSubmission((clock ?? Date).now());
        setQueued(result.queued === true);
        setPhase('sent');
        return;
      }
      setFormError(result.message ?? formMessages.featureRequestFailed);
      setPhase('editing');
    },
    [phase, secondsLeft, values, humanCheck, post, setLastSubmission, clock],
  );

  const submitAnother = useCallback(() => {
    setValues((v) => ({ ...blank(userAgent), email: v.email }));
    setErrors({});
    setFormError(null);
    setPhase('editing');
  }, [userAgent]);

  return {
    values,
    errors,
    refusals,
    formError,
    phase,
    queued,
    secondsLeft,
    humanCheckKey,
    change,
    setHumanCheck,
    submit,
    submitAnother,
  };
}
