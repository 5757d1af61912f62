import { useId, useState } from 'react';
import { libraryRoutes } from '../../../contracts/library/libraryRoutes.ts';
import {
  LIBRARY_LIMITS,
  REPORT_KINDS,
  REPORT_KIND_LABELS,
  libraryMessages,
  type ReportKind,
} from '../../../contracts/library/libraryTerms.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { callApi } from '../../lib/apiClient.ts';

export interface ReportDialogProps {
  readonly settingId: string;
  readonly tuneTitle: string;
  readonly onClose: (sent: boolean) => void;
  readonly fetchImpl?: typeof fetch;
}

/**
 * Anyone may report a setting (issue 15 item 3): wrong notes, copyright, or something else.
 * A copyright report hides the setting until a curator has looked (the server does that).
 */
export function ReportDialog({ settingId, tuneTitle, onClose, fetchImpl }: ReportDialogProps) {
  const [kind, setKind] = useState<ReportKind>('wrong-notes');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const messageId = useId();
  const errorId = useId();

  async function send() {
    if (!message.trim()) {
      setError('Please say what is wrong.');
      return;
    }
    setSending(true);
    const result = await callApi(
      libraryRoutes.report,
      { params: { settingId }, body: { kind, message } },
      fetchImpl ? { fetch: fetchImpl } : {},
    );
    setSending(false);
    if (result.error) setError(result.error.message);
    else setSent(true);
  }

  return (
    <Dialog
      title={`Report “${tuneTitle}”`}
      onClose={() => onClose(sent)}
      actions={
        sent ? (
          <button type="button" onClick={() => onClose(true)}>
            Close
          </button>
        ) : (
          <>
            <button type="button" onClick={() => onClose(false)}>
              Cancel
            </button>
            <button type="button" disabled={sending} onClick={() => void send()}>
              {sending ? 'Sending…' : 'Send report'}
            </button>
          </>
        )
      }
    >
      {sent ? (
        <p role="status">{libraryMessages.reportThanks}</p>
      ) : (
        <>
          <fieldset className="share-report-kinds">
            <legend>What is wrong?</legend>
            {REPORT_KINDS.map((k) => (
              <label key={k}>
                <input
                  type="radio"
                  name="report-kind"
                  value={k}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                />{' '}
                {REPORT_KIND_LABELS[k]}
              </label>
            ))}
          </fieldset>
          <label htmlFor={messageId}>Tell the curators what you found</label>
          <textarea
            id={messageId}
            rows={4}
            maxLength={LIBRARY_LIMITS.reportMessage}
            value={message}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setMessage(e.target.value)}
          />
          {error && (
            <p id={errorId} className="share-error" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}
