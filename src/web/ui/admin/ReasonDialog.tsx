/**
 * Asks an administrator for a reason: why a tune setting is rejected (issue 15 item 8, mailed
 * to the uploader), why a listing is rejected (issue 16 item 7, mailed to the registrant) or
 * hidden (optional, kept with the listing and in the log). Bounded as the server bounds it.
 */
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../Dialog.tsx';

export function ReasonDialog({
  title,
  label,
  confirm,
  required,
  requiredMessage,
  maxLength,
  className,
  formClassName,
  onSubmit,
  onClose,
}: {
  title: string;
  label: string;
  confirm: string;
  required: boolean;
  /** Shown when a required reason is empty. */
  requiredMessage: string;
  maxLength: number;
  className: string;
  formClassName?: string;
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
      setError(requiredMessage);
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
      className={className}
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
      <form
        id={formId}
        {...(formClassName ? { className: formClassName } : {})}
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        <div className="site-form-field">
          <label htmlFor={id}>{label}</label>
          <textarea
            id={id}
            rows={5}
            value={reason}
            maxLength={maxLength}
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
