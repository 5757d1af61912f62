import { useEffect, useRef, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { CONTACT_FORM_NAME } from '../../../contracts/forms.ts';
import {
  contactPrefill,
  useContactForm,
  type ContactField,
  type ContactFormOptions,
} from './useContactForm.ts';
import '../../ui/siteForm.css';
import { FormField } from '../../ui/FormField.tsx';
import { useOwnerReplies, type LoadOwnerReplies } from './useOwnerReplies.ts';
import { keptOfflineText } from '../../lib/offline/keptOfflineText.ts';

const labels: Record<ContactField, string> = { name: 'Name', email: 'Email', message: 'Message' };

/**
 * The thank-you line promises a reply by email only when the site owner set an address the
 * message is forwarded to (issue 22 item 11); without one it says what a reply needs.
 */
export function sentText(ownerReplies: boolean | undefined): string {
  if (ownerReplies === true)
    return 'Your message has been sent. We read every message and will reply by email.';
  if (ownerReplies === false)
    return "Your message has been sent and kept for the site's owner. A reply by email needs the owner's address, and this site has not set one up yet.";
  return 'Your message has been sent.';
}

/** A stable ref callback: focuses the element once, when it mounts (not on every render). */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/**
 * Contact (spec §2.3): name, email and message, a hidden form name and a hidden honeypot; a
 * thank-you screen whose 'send another' button waits out the 60 seconds (R-2.3.CONTACT-06).
 */
export default function ContactScreen({
  loadOwnerReplies,
  ...props
}: Omit<ContactFormOptions, 'prefill'> & { readonly loadOwnerReplies?: LoadOwnerReplies }) {
  const location = useLocation();
  const form = useContactForm({ ...props, prefill: contactPrefill(location.state) });
  const ownerReplies = useOwnerReplies(loadOwnerReplies);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, refusals } = form;

  // Take the keyboard to the first field that needs fixing.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  if (form.phase === 'sent') {
    return (
      <section className="page site-form">
        {/* Focus follows the page change so a screen reader hears the thank-you. */}
        <h1 tabIndex={-1} ref={focusOnMount}>
          Thank You!
        </h1>
        <div className="card site-form-card site-form-done">
          <p>{form.queued ? keptOfflineText('message') : sentText(ownerReplies)}</p>
          <button
            type="button"
            className="button"
            onClick={form.sendAnother}
            disabled={form.secondsLeft > 0}
          >
            Send Another Message
          </button>
          {form.secondsLeft > 0 ? (
            <p className="site-form-hint">
              You can send another message in {form.secondsLeft}{' '}
              {form.secondsLeft === 1 ? 'second' : 'seconds'}.
            </p>
          ) : null}
        </div>
      </section>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const honeypot = new FormData(event.currentTarget).get('honeypot');
    void form.submit(typeof honeypot === 'string' ? honeypot : '');
  };

  const field = (name: ContactField, multiline = false) => (
    <FormField
      id={`contact-${name}`}
      name={name}
      label={labels[name]}
      value={form.values[name]}
      error={errors[name]}
      onChange={(value) => form.change(name, value)}
      multiline={multiline}
      required={true}
      type={name === 'email' ? 'email' : 'text'}
      autoComplete={name === 'email' ? 'email' : 'name'}
    />
  );

  return (
    <section className="page site-form">
      <h1>Contact</h1>
      <p className="site-form-intro">
        Questions, ideas or a tune you would like to see? Send us a message.
      </p>
      <form
        ref={formRef}
        className="card site-form-card"
        name={CONTACT_FORM_NAME}
        method="post"
        action="/"
        noValidate
        onSubmit={onSubmit}
      >
        <input type="hidden" name="form-name" value={CONTACT_FORM_NAME} />
        <p className="site-form-honeypot" hidden>
          <label>
            Leave this empty: <input name="honeypot" tabIndex={-1} autoComplete="off" />
          </label>
        </p>
        {field('name')}
        {field('email')}
        {field('message', true)}
        {form.formError ? (
          <p className="site-form-alert" role="alert">
            {form.formError}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={form.phase === 'sending'}>
          {form.phase === 'sending' ? 'Sending…' : 'Send Message'}
        </button>
      </form>
    </section>
  );
}
