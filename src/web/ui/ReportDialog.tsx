/**
 * A 'Report' dialog: one reason from a short list and a message, sent by the caller, then
 * thanks. Used for a library setting (issue 15 item 3: curators; a message is needed) and for
 * band and tutor listings (issue 16 item 7: moderators; the message is optional). A report
 * hides nothing in the browser: the server decides what happens.
 */
import { useId, useState } from 'react';
import { Dialog } from './Dialog.tsx';
import './siteForm.css';
import './reportDialog.css';

export interface ReportDialogProps<R extends string> {
  readonly title: string;
  /** The question above the reasons. */
  readonly question: string;
  readonly reasons: readonly R[];
  readonly labels: Readonly<Record<R, string>>;
  readonly messageLabel: string;
  readonly messageMax: number;
  /** The error when the message is empty; without it the message is optional. */
  readonly messageRequired?: string;
  readonly thanks: string;
  /** Sends the report: the server's error message, or null once it is sent. */
  readonly send: (reason: R, message: string) => Promise<string | null>;
  /** `sent`: whether a report went (the library reloads the setting after one). */
  readonly onClose: (sent: boolean) => void;
}

export function ReportDialog<R extends string>({
  title,
  question,
  reasons,
  labels,
  messageLabel,
  messageMax,
  messageRequired,
  thanks,
  send,
  onClose,
}: ReportDialogProps<R>) {
  const [reason, setReason] = useState<R>(reasons[0]!);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const name = useId();
  const messageId = useId();
  const errorId = useId();

  async function submit() {
    if (messageRequired && !message.trim()) {
      setError(messageRequired);
      return;
    }
    setSending(true);
    const failed = await send(reason, message.trim());
    setSending(false);
    setError(failed);
    setSent(failed === null);
  }

  return (
    <Dialog
      title={title}
      onClose={() => onClose(sent)}
      maxWidth={420}
      actions={
        sent ? (
          <button type="button" className="button" onClick={() => onClose(true)}>
            Close
          </button>
        ) : (
          <>
            <button type="button" className="button secondary" onClick={() => onClose(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="button"
              disabled={sending}
              onClick={() => void submit()}
            >
              {sending ? 'Sending…' : 'Send report'}
            </button>
          </>
        )
      }
    >
      {sent ? (
        <p role="status">{thanks}</p>
      ) : (
        <div className="report-form">
          <fieldset className="report-reasons">
            <legend>{question}</legend>
            {reasons.map((r) => (
              <label key={r}>
                <input
                  type="radio"
                  name={name}
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                />{' '}
                {labels[r]}
              </label>
            ))}
          </fieldset>
          <div className="site-form-field">
            <label htmlFor={messageId}>{messageLabel}</label>
            <textarea
              id={messageId}
              rows={4}
              maxLength={messageMax}
              value={message}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          {error ? (
            <p id={errorId} className="site-form-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
