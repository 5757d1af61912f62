/**
 * 'Report this listing' (issue 16 item 7): anyone tells the moderators that a band's details
 * are wrong, that it has closed, or that the listing is inappropriate or spam. A report hides
 * nothing by itself; a moderator looks at it.
 */
import { useId, useState } from 'react';
import { moderationRoutes } from '../../../contracts/directory/moderationRoutes.ts';
import {
  DIRECTORY_LIMITS,
  LISTING_REPORT_LABELS,
  LISTING_REPORT_REASONS,
  directoryMessages,
  type ListingReportReason,
} from '../../../contracts/directory/directoryTerms.ts';
import { callApi } from '../../lib/apiClient.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import '../../ui/siteForm.css';

export interface ReportListingDialogProps {
  readonly bandId: string;
  readonly bandName: string;
  readonly onClose: () => void;
  readonly fetchImpl?: typeof fetch;
}

export function ReportListingDialog({
  bandId,
  bandName,
  onClose,
  fetchImpl,
}: ReportListingDialogProps) {
  const [reason, setReason] = useState<ListingReportReason>('wrong');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const messageId = useId();
  const errorId = useId();

  async function send() {
    setSending(true);
    const result = await callApi(
      moderationRoutes.report,
      { params: { kind: 'band', listingId: bandId }, body: { reason, message: message.trim() } },
      fetchImpl ? { fetch: fetchImpl } : {},
    );
    setSending(false);
    if (result.error) setError(result.error.message);
    else setSent(true);
  }

  return (
    <Dialog
      title={`Report “${bandName}”`}
      onClose={onClose}
      actions={
        sent ? (
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        ) : (
          <>
            <button type="button" className="button secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className="button" disabled={sending} onClick={() => void send()}>
              {sending ? 'Sending…' : 'Send report'}
            </button>
          </>
        )
      }
    >
      {sent ? (
        <p role="status">{directoryMessages.reportThanks}</p>
      ) : (
        <div className="band-report-form">
          <fieldset className="band-report-reasons">
            <legend>What is wrong with this listing?</legend>
            {LISTING_REPORT_REASONS.map((r) => (
              <label key={r}>
                <input
                  type="radio"
                  name="band-report-reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                />{' '}
                {LISTING_REPORT_LABELS[r]}
              </label>
            ))}
          </fieldset>
          <div className="site-form-field">
            <label htmlFor={messageId}>Tell the moderators more (optional)</label>
            <textarea
              id={messageId}
              rows={4}
              maxLength={DIRECTORY_LIMITS.reasonMax}
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
