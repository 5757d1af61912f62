import type { FlashMessage } from './useFlashMessage.ts';

/** A polite live region, present before any message so screen readers announce it. */
export function StatusLine({ message }: { message: FlashMessage | null }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={`settings-status${message ? ` status-${message.kind === 'ok' ? 'ok' : 'error'}` : ''}`}
    >
      {message?.text}
    </p>
  );
}
