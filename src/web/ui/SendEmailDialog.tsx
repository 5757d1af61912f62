/**
 * The Send Email dialog (spec §2.4 'Send Email', §4, §5; issue 8 part 4), reusable by any page
 * that lets a visitor write to someone (tutors, bands, the site owner). Default title 'Send
 * Email'; your email (read-only when known), recipient name (read-only), message, the human
 * check; Cancel and Send. Fields, error and check reset each time it opens; Send is disabled
 * until the check is verified; maximum width 420.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { looksLikeEmail } from '../../contracts/forms.ts';
import { humanCheckText } from '../../contracts/humanCheck.ts';
import { SEND_EMAIL_MAX_WIDTH, sendEmailMessages } from '../../contracts/sendEmail.ts';
import { trackFormSubmission } from '../lib/analytics.ts';
import { Dialog } from './Dialog.tsx';
import { HUMAN_CHECK_LATER } from '../lib/offline/humanCheckLater.ts';
import { HumanCheck, useHumanCheckSetup, type HumanCheckSetup } from './HumanCheck.tsx';
import { keepEmail, sendEmail, type EmailToSend, type SendEmailResult } from './sendEmail.ts';
import { keptOfflineText } from '../lib/offline/keptOfflineText.ts';
import './siteForm.css';
import './sendEmailDialog.css';

export interface SendEmailDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Who receives it: the id the server resolves, and the name shown. */
  readonly recipientId: string;
  readonly recipientName: string;
  /** The signed-in user's email: shown read-only. Unknown: the visitor types one. */
  readonly userEmail?: string | null;
  readonly title?: string;
  readonly send?: (payload: EmailToSend) => Promise<SendEmailResult>;
  /** Keeps a message written offline for later (issue 18 item 1); false if it could not. */
  readonly keep?: (payload: Omit<EmailToSend, 'captchaToken'>) => boolean;
  /** Test seams for the human check. */
  readonly humanCheck?: HumanCheckSetup;
  readonly loadHumanCheck?: () => Promise<unknown>;
}

type Errors = Partial<Record<'email' | 'message' | 'captcha' | 'form', string>>;

export function SendEmailDialog(props: SendEmailDialogProps) {
  // A fresh form for every opening (spec §4: fields, error and captcha reset on open).
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setOpening((n) => n + 1);
  }
  if (!props.open) return null;
  return <SendEmailForm key={opening} {...props} />;
}

function SendEmailForm({
  onClose,
  recipientId,
  recipientName,
  userEmail,
  title = 'Send Email',
  send = sendEmail,
  keep = keepEmail,
  humanCheck,
  loadHumanCheck,
}: SendEmailDialogProps) {
  const id = useId();
  const known = Boolean(userEmail);
  const [email, setEmail] = useState(userEmail ?? '');
  const [message, setMessage] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [checkKey, setCheckKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [phase, setPhase] = useState<'editing' | 'sending' | 'sent' | 'kept'>('editing');
  const setup = useHumanCheckSetup(
    loadHumanCheck ? { provider: 'altcha', siteKey: '' } : humanCheck,
  );
  const provider = setup?.provider ?? 'altcha';

  useEffect(() => {
    if (phase === 'sent' || phase === 'kept') document.getElementById(`${id}-sent`)?.focus();
  }, [phase, id]);

  const validate = (): Errors => {
    const found: Errors = {};
    // Spec §5, verbatim and in this order: message, then (when unknown) the email, then the check.
    if (!message.trim()) found.message = sendEmailMessages.messageEmpty;
    if (!known) {
      if (!email.trim()) found.email = sendEmailMessages.emailRequired;
      else if (!looksLikeEmail(email.trim())) found.email = sendEmailMessages.invalidEmail;
    }
    if (!token) found.captcha = humanCheckText(provider).required;
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !token) return;
    if (token === HUMAN_CHECK_LATER) {
      // Offline: kept, its check solved and sent when the connection returns (issue 18.1).
      const kept = keep({ recipientId, message: message.trim(), email: email.trim() });
      if (kept) setPhase('kept');
      else setErrors({ form: sendEmailMessages.failed });
      return;
    }
    setPhase('sending');
    const result = await send({
      recipientId,
      message: message.trim(),
      email: email.trim(),
      captchaToken: token,
    });
    trackFormSubmission('send_email', result.ok);
    if (result.ok) {
      setPhase('sent');
      return;
    }
    // The solution was spent (or refused): a fresh check for the next try.
    setToken(null);
    setCheckKey((k) => k + 1);
    setErrors({ form: result.message });
    setPhase('editing');
  };

  if (phase === 'sent' || phase === 'kept') {
    return (
      <Dialog
        title={title}
        onClose={onClose}
        maxWidth={SEND_EMAIL_MAX_WIDTH}
        actions={
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        }
      >
        <p id={`${id}-sent`} className="send-email-sent" role="status" tabIndex={-1}>
          {phase === 'kept' ? keptOfflineText('message') : sendEmailMessages.sent}
        </p>
      </Dialog>
    );
  }

  const described = (key: keyof Errors) => (errors[key] ? `${id}-${key}-error` : undefined);
  const errorLine = (key: keyof Errors) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="site-form-error">
        {errors[key]}
      </p>
    ) : null;

  return (
    <Dialog
      title={title}
      onClose={onClose}
      maxWidth={SEND_EMAIL_MAX_WIDTH}
      className="send-email-dialog"
      actions={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="button"
            disabled={!token || phase === 'sending'}
          >
            {phase === 'sending' ? 'Sending…' : 'Send'}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="send-email-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
      >
        <div className="site-form-field">
          <label htmlFor={`${id}-email`}>Your email</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            readOnly={known}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={described('email')}
            onChange={(e) => setEmail(e.target.value)}
          />
          {errorLine('email')}
        </div>
        <div className="site-form-field">
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="text" value={recipientName} readOnly />
        </div>
        <div className="site-form-field">
          <label htmlFor={`${id}-message`}>Message</label>
          <textarea
            id={`${id}-message`}
            rows={5}
            value={message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={described('message')}
            onChange={(e) => setMessage(e.target.value)}
          />
          {errorLine('message')}
        </div>
        <div className="site-form-field">
          <span className="send-email-label" id={`${id}-check-label`}>
            Human check
          </span>
          <div
            role="group"
            aria-labelledby={`${id}-check-label`}
            aria-describedby={errors.captcha || !token ? `${id}-captcha-error` : undefined}
          >
            <HumanCheck
              onChange={setToken}
              resetKey={checkKey}
              allowLater
              {...(loadHumanCheck ? { load: loadHumanCheck } : {})}
              {...(setup ? { setup } : {})}
            />
          </div>
          {errors.captcha ? (
            errorLine('captcha')
          ) : !token ? (
            // Spec §4/§5: Send stays disabled until verified; this line says why.
            <p id={`${id}-captcha-error`} className="send-email-hint">
              {humanCheckText(provider).required}
            </p>
          ) : null}
        </div>
        {errors.form ? (
          <p className="site-form-alert" role="alert">
            {errors.form}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
