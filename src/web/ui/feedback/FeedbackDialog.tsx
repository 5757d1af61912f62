/**
 * The feedback widget's form (spec §2.4 'Feedback widget', §5, §8), loaded lazily by
 * FeedbackButton. Labels verbatim: Name, Email, Description, '(required)', Cancel, Send Bug
 * Report. The description is always required; name and email only when configured.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { feedbackLabels, feedbackMessages } from '../../../contracts/monitoring.ts';
import { trackFeature, trackFormSubmission } from '../../lib/analytics.ts';
import { reportError } from '../../lib/monitoring.ts';
import { Dialog } from '../Dialog.tsx';
import { EmptyFeedbackError, sendFeedback, type FeedbackReport } from './sendFeedback.ts';
import './feedbackDialog.css';

export interface FeedbackDialogProps {
  onClose: () => void;
  /** Called after the report was stored; the button shows the thank-you note. */
  onSent: () => void;
  requireName?: boolean;
  requireEmail?: boolean;
  defaultEmail?: string;
  send?: (report: FeedbackReport) => Promise<void>;
}

type Field = 'name' | 'email' | 'message';

export default function FeedbackDialog({
  onClose,
  onSent,
  requireName = false,
  requireEmail = false,
  defaultEmail = '',
  send = sendFeedback,
}: FeedbackDialogProps) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: defaultEmail,
    message: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => trackFeature('feedback', 'open'), []);
  const required: Record<Field, boolean> = {
    name: requireName,
    email: requireEmail,
    message: true,
  };
  const labels: Record<Field, string> = {
    name: feedbackLabels.name,
    email: feedbackLabels.email,
    message: feedbackLabels.description,
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = (['name', 'email', 'message'] as const).filter(
      (field) => required[field] && values[field] === '',
    );
    if (missing.length > 0) {
      // Spec §5: the message followed by the missing fields' labels.
      setError(`${feedbackMessages.missingFields} ${missing.map((f) => labels[f]).join(', ')}`);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await send({ ...values, url: location.href });
      trackFormSubmission('feedback', true);
      onSent();
    } catch (caught) {
      if (caught instanceof EmptyFeedbackError) {
        setError(caught.message);
      } else {
        trackFormSubmission('feedback', false);
        reportError(caught, { source: 'feedback', component: 'FeedbackDialog' });
        setError(feedbackMessages.failed);
      }
      setSending(false);
    }
  };

  const field = (name: Field) => {
    const inputId = `${id}-${name}`;
    const common = {
      id: inputId,
      name,
      value: values[name],
      required: required[name],
      'aria-describedby': error ? `${id}-error` : undefined,
      onChange: (e: { target: { value: string } }) =>
        setValues((v) => ({ ...v, [name]: e.target.value })),
    };
    return (
      <div className="feedback-field">
        <label htmlFor={inputId}>
          {labels[name]}
          {required[name] ? (
            <span className="feedback-required"> {feedbackLabels.required}</span>
          ) : null}
        </label>
        {name === 'message' ? (
          <textarea {...common} rows={5} />
        ) : (
          <input
            {...common}
            type={name === 'email' ? 'email' : 'text'}
            autoComplete={name === 'email' ? 'email' : 'name'}
          />
        )}
      </div>
    );
  };

  return (
    <Dialog
      title={feedbackLabels.open}
      onClose={onClose}
      maxWidth={440}
      className="feedback-dialog"
      actions={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            {feedbackLabels.cancel}
          </button>
          <button type="submit" form={`${id}-form`} className="button" disabled={sending}>
            {feedbackLabels.send}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="feedback-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
      >
        {field('name')}
        {field('email')}
        {field('message')}
        {error ? (
          <p id={`${id}-error`} className="feedback-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
