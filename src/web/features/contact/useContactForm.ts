/**
 * The contact form's state (spec §2.3 Contact, §4 'Contact and feature request forms', §5
 * 'Contact form', §7, §8): editing → sending → thank-you, the 60-second wait measured from this
 * form's own last submission (kept in local storage, spec §3), every validation message, and
 * validation errors reported to monitoring.
 */
import { useCallback, useState } from 'react';
import {
  CONTACT_FORM_NAME,
  contactSchema,
  fieldErrors,
  formMessages,
  waitMessage,
  type FieldErrors,
} from '../../../contracts/forms.ts';
import { postForm } from '../../lib/postForm.ts';
import { reportFormErrors } from '../../lib/reportFormErrors.ts';
import { useSecondsToWait, type Clock } from '../../lib/useSecondsToWait.ts';
import { keys } from '../../storage/keys.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';

export type ContactField = 'name' | 'email' | 'message';
export type ContactValues = Record<ContactField, string>;
export type ContactPhase = 'editing' | 'sending' | 'sent';

const EMPTY: ContactValues = { name: '', email: '', message: '' };

/** Fields a link may prefill through navigation state (R-2.3.FEAT-08, for this form too). */
export function contactPrefill(state: unknown): ContactValues {
  const given = (state && typeof state === 'object' ? state : {}) as Record<string, unknown>;
  const pick = (field: ContactField) =>
    typeof given[field] === 'string' ? (given[field] as string) : '';
  return { name: pick('name'), email: pick('email'), message: pick('message') };
}

export interface ContactFormOptions {
  prefill?: ContactValues;
  clock?: Clock;
  post?: typeof postForm;
}

export function useContactForm({
  prefill = EMPTY,
  clock,
  post = postForm,
}: ContactFormOptions = {}) {
  const [values, setValues] = useState<ContactValues>(prefill);
  const [errors, setErrors] = useState<FieldErrors<ContactField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Counts submissions refused for field errors: the screen moves focus on each, not on typing.
  const [refusals, setRefusals] = useState(0);
  const [phase, setPhase] = useState<ContactPhase>('editing');
  // Issue 18 item 1: sent while offline, the message waits in the outbox.
  const [queued, setQueued] = useState(false);
  const [lastSubmission, setLastSubmission] = useStoredValue(keys.contactLastSubmission);
  const secondsLeft = useSecondsToWait(lastSubmission, clock);

  const change = useCallback((field: ContactField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] === undefined ? e : { ...e, [field]: undefined }));
  }, []);

  const submit = useCallback(
    async (honeypot: string) => {
      if (phase !== 'editing') return;
      setFormError(null);
      // R-5.CONTACT-05: another submission within 60 seconds is rejected.
      if (secondsLeft > 0) {
        const message = waitMessage(secondsLeft);
        setFormError(message);
        reportFormErrors(CONTACT_FORM_NAME, { form: message });
        return;
      }
      const found = fieldErrors<ContactField>(contactSchema, values);
      setErrors(found);
      if (Object.keys(found).length > 0) {
        setRefusals((n) => n + 1);
        reportFormErrors(CONTACT_FORM_NAME, found as Record<string, string>);
        return;
      }
      setPhase('sending');
      const result = await post({
        'form-name': CONTACT_FORM_NAME,
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
        honeypot,
      });
      if (result.ok) {
        setLastSubmission((clock ?? Date).now());
        setQueued(result.queued === true);
        setPhase('sent');
        return;
      }
      setFormError(result.message ?? formMessages.contactFailed);
      setPhase('editing');
    },
    [phase, secondsLeft, values, post, setLastSubmission, clock],
  );

  const sendAnother = useCallback(() => {
    if (secondsLeft > 0) return;
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
    setPhase('editing');
  }, [secondsLeft]);

  return {
    values,
    errors,
    refusals,
    formError,
    phase,
    queued,
    secondsLeft,
    change,
    submit,
    sendAnother,
  };
}
