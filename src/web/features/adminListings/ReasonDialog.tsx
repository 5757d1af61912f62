/**
 * Asks a moderator for the reason of a rejection (required: it is mailed to the registrant,
 * issue 16 item 7) or of hiding a listing (optional, kept with the listing and in the log).
 */
import { useId, useState, type FormEvent } from 'react';
import {
  DIRECTORY_LIMITS,
  directoryMessages,
} from '../../../contracts/directory/directoryTerms.ts';
import { Dialog } from '../../ui/Dialog.tsx';

export function ReasonDialog({
  title,
  label,
  confirm,
  required,
  onSubmit,
  onClose,
}: {
  title: string;
  label: string;
  confirm: string;
  required: boolean;
  /** Resolves with an error message, or null when done. */
  onSubmit: (reason: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const id = useId();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (required && !reason.trim()) {
      setError(directoryMessages.rejectReasonRequired);
      return;
    }
    setBusy(true);
    const failed = await onSubmit(reason.trim());
    setBusy(false);
    if (failed) setError(failed);
  }

  return (
    <Dialog
      title={title}
      onClose={onClose}
      className="admin-listings-dialog"
      actions={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button danger" disabled={busy}>
            {confirm}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <div className="site-form-field">
          <label htmlFor={id}>{label}</label>
          <textarea
            id={id}
            rows={5}
            value={reason}
            maxLength={DIRECTORY_LIMITS.reasonMax}
            aria-required={required}
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
