import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../lib/useHydrated.ts';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function trapTab(e: globalThis.KeyboardEvent, panel: HTMLElement): void {
  const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    e.preventDefault();
    panel.focus();
  } else if (e.shiftKey && (active === first || !panel.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !panel.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

export interface DialogProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** The buttons row. */
  readonly actions?: ReactNode;
  /**
   * Modal (default): focus is trapped inside and the page behind is dimmed. Non-modal: a
   * floating panel that leaves the page usable (the Home welcome popup).
   */
  readonly modal?: boolean;
  readonly maxWidth?: number;
  readonly className?: string;
}

/**
 * An accessible dialog (WAI-ARIA dialog pattern,
 * https://www.w3.org/WAI/ARIA/apg/patterns/dialog-modal/): labelled by its title, focus moves
 * in on open and back to where it was on close, Tab cycles inside a modal one, Escape closes.
 */
export function Dialog({
  title,
  onClose,
  children,
  actions,
  modal = true,
  maxWidth,
  className,
}: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (!hydrated) return;
    const previous = document.activeElement as HTMLElement | null;
    const el = panel.current;
    if (modal && el) {
      const first = el.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? el).focus();
    }
    return () => {
      if (modal && previous && document.contains(previous)) previous.focus();
    };
  }, [modal, hydrated]);

  useEffect(() => {
    // Escape closes even when focus is elsewhere on the page (non-modal popups); in a modal
    // dialog Tab and Shift+Tab cycle through its controls.
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      } else if (e.key === 'Tab' && modal && panel.current) {
        trapTab(e, panel.current);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, modal]);

  const body = (
    <div
      ref={panel}
      role="dialog"
      aria-modal={modal}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      tabIndex={-1}
      className={`dialog card${modal ? '' : ' dialog-floating'}${className ? ` ${className}` : ''}`}
      style={maxWidth ? { maxWidth } : undefined}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      <div id={bodyId} className="dialog-body">
        {children}
      </div>
      {actions && <div className="dialog-actions">{actions}</div>}
    </div>
  );

  // No document.body on the server, nor a dialog in its HTML: open after hydration (issue 21.1).
  if (!hydrated) return null;
  if (!modal) return createPortal(body, document.body);
  return createPortal(<div className="dialog-backdrop">{body}</div>, document.body);
}
