import { useEffect, useState, type ReactNode } from 'react';
import {
  dismissPopup,
  isPopupDismissed,
  markShownThisSession,
  wasShownThisSession,
} from '../storage/dialogFlags.ts';
import { sessionFlagsStore, settingsStore } from '../storage/settingsStore.ts';
import { Dialog } from './Dialog.tsx';

export interface InstructionPopupProps {
  /** Remembered in the dismissed popups map when 'Don't show this again' is ticked. */
  readonly id: string;
  readonly message: ReactNode;
  readonly title?: string;
  readonly buttonText?: string;
  /** Modal by default; the Home welcome floats without blocking the page. */
  readonly modal?: boolean;
  readonly onClose?: () => void;
  /**
   * Show at most once per browsing session (sessionStorage), not on every visit: the Home
   * welcome came back each time a piper returned to Home (issue 22 item 12).
   */
  readonly oncePerSession?: boolean;
}

/**
 * Instruction popup (spec §2.3): a title (default 'Instructions'), a message, a button
 * (default 'Got it!') and 'Don't show this again', which remembers the popup id as dismissed.
 */
export function InstructionPopup({
  id,
  message,
  title = 'Instructions',
  buttonText = 'Got it!',
  modal = true,
  onClose,
  oncePerSession = false,
}: InstructionPopupProps) {
  const [open, setOpen] = useState(
    () =>
      !isPopupDismissed(settingsStore(), id) &&
      !(oncePerSession && wasShownThisSession(sessionFlagsStore(), id)),
  );
  const [dontShow, setDontShow] = useState(false);
  useEffect(() => {
    if (open && oncePerSession) markShownThisSession(sessionFlagsStore(), id);
  }, [open, oncePerSession, id]);
  if (!open) return null;
  const close = () => {
    if (dontShow) dismissPopup(settingsStore(), id);
    setOpen(false);
    onClose?.();
  };
  return (
    <Dialog
      title={title}
      onClose={close}
      modal={modal}
      actions={
        <button type="button" className="button" onClick={close}>
          {buttonText}
        </button>
      }
    >
      {typeof message === 'string' ? <p>{message}</p> : message}
      <label className="dialog-check">
        <input type="checkbox" checked={dontShow} onChange={(e) => setDontShow(e.target.checked)} />
        Don&apos;t show this again
      </label>
    </Dialog>
  );
}
