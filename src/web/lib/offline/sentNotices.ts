/**
 * What the outbox sent since the piper last looked (issue 18 item 1: a form kept offline is
 * sent when the connection returns, and 'the user sees it was sent'): a tiny external store the
 * page frame's notice reads (src/web/ui/SentNotice.tsx). startOutbox.ts adds a line for each
 * item the server took.
 */
import { FEATURE_REQUEST_FORM_NAME } from '../../../contracts/forms.ts';
import type { OutboxItem } from '../../storage/outbox.ts';

/** The words for one sent item: 'Your feature request was sent.' */
export function sentText(item: OutboxItem): string {
  const what =
    item.kind === 'score'
      ? 'Blaster score'
      : item.kind === 'email'
        ? 'email'
        : item.fields['form-name'] === FEATURE_REQUEST_FORM_NAME
          ? item.fields.type === 'bug'
            ? 'bug report'
            : 'feature request'
          : 'message';
  return `Back online: your ${what} kept on this device was sent.`;
}

export interface SentNotices {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly string[];
  add(item: OutboxItem): void;
  dismiss(): void;
}

export function createSentNotices(): SentNotices {
  const listeners = new Set<() => void>();
  let lines: readonly string[] = [];
  const emit = () => listeners.forEach((l) => l());
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => lines,
    add(item) {
      lines = [...lines, sentText(item)];
      emit();
    },
    dismiss() {
      if (lines.length === 0) return;
      lines = [];
      emit();
    },
  };
}

/** The app's one list. */
export const sentNotices: SentNotices = createSentNotices();
