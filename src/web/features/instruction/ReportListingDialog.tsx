/**
 * 'Report this listing' for a tutor (issue 16 item 7): a reason and an optional message go to
 * the moderators (moderationRoutes.report; anyone may report, the server rate-limits).
 */
import { useId, useState, type FormEvent } from 'react';
import {
  DIRECTORY_LIMITS,
  LISTING_REPORT_LABELS,
  LISTING_REPORT_REASONS,
  type ListingReportReason,
} from '../../../contracts/directory/directoryTerms.ts';
import { moderationRoutes } from '../../../contracts/directory/moderationRoutes.ts';
import { callApi } from '../../lib/apiClient.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import '../../ui/siteForm.css';

export interface ReportListingDialogProps {
  readonly tutorId: string;
  readonly tutorName: string;
  readonly onClose: () => void;
  readonly fetch?: typeof fetch;
}

export function ReportListingDialog({
  tutorId,
  tutorName,
  onClose,
  fetch: fetchImpl,
}: ReportListingDialogProps) {
  const id = useId();
  const [reason, setReason] = useState<ListingReportReason>('wrong');
  const [message, setMessage] = useState('');
  const [phase, setPhase] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [answer, setAnswer] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPhase('sending');
    const result = await callApi(
      moderationRoutes.report,
      { params: { kind: 'tutor', listingId: tutorId }, body: { reason, message } },
      fetchImpl ? { fetch: fetchImpl } : {},
    );
    setFailed(Boolean(result.error));
    setAnswer(result.error ? result.error.message : result.data.message);
    setPhase(result.error ? 'editing' : 'sent');
  }

  if (phase === 'sent') {
    return (
      <Dialog
        title="Report this listing"
        onClose={onClose}
        maxWidth={420}
        actions={
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        }
      >
        <p role="status">{answer}</p>
      </Dialog>
    );
  }
  return (
    <Dialog
      title="Report this listing"
      onClose={onClose}
      maxWidth={420}
      actions={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="button"
            disabled={phase === 'sending'}
          >
            {phase === 'sending' ? 'Sending…' : 'Send Report'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} className="site-form-card" onSubmit={(e) => void submit(e)}>
        <p className="site-form-hint">
          Tell the moderators what is wrong with the listing of {tutorName}.
        </p>
        <div className="site-form-field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <select
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value as ListingReportReason)}
          >
            {LISTING_REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {LISTING_REPORT_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <div className="site-form-field">
          <label htmlFor={`${id}-message`}>Details (optional)</label>
          <textarea
            id={`${id}-message`}
            rows={4}
            maxLength={DIRECTORY_LIMITS.reasonMax}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        {failed && answer ? (
          <p className="site-form-alert" role="alert">
            {answer}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
