/**
 * Asks why a setting is rejected (issue 15 item 8: 'reject with a reason that is mailed to
 * the uploader'). The reason is required and bounded as the server bounds it.
 */
import { useId, useState, type FormEvent } from 'react';
import { curationMessages } from '../../../contracts/library/curationRoutes.ts';
import { LIBRARY_LIMITS } from '../../../contracts/library/libraryTerms.ts';
import { Dialog } from '../../ui/Dialog.tsx';

export function RejectDialog({
  title,
  onReject,
  onClose,
}: {
  title: string;
  /** Resolves with an error message, or null when done. */
  onReject: (reason: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const id = useId();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(curationMessages.reasonRequired);
      return;
    }
    setBusy(true);
    const failed = await onReject(reason.trim());
    setBusy(false);
    if (failed) setError(failed);
  }

  return (
    <Dialog
      title={`Reject “${title}”`}
      onClose={onClose}
      className="admin-songs-dialog"
      actions={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button danger" disabled={busy}>
            Reject and tell the uploader
          </button>
        </>
      }
    >
      <form id={formId} className="admin-songs-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="site-form-field">
          <label htmlFor={id}>Reason (mailed to the uploader)</label>
          <textarea
            id={id}
            rows={5}
            value={reason}
            maxLength={LIBRARY_LIMITS.rejectReason}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        {error ? (
          <p id={`${id}-error`} className="site-form-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
