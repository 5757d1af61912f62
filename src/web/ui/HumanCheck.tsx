/**
 * The human check on forms (ALTCHA, self-hosted; spec §2.3 Feature request 'A human-check
 * widget'). Reports the solved payload through `onChange` (null while unsolved), to be sent
 * with the form as `altcha`. Change `resetKey` to get a fresh, unsolved check: a solution is
 * single-use on the server.
 */
import { useEffect, useRef } from 'react';
import { CAPTCHA_CHALLENGE_PATH, HUMAN_CHECK_FIELD } from '../../contracts/forms.ts';
import { humanCheckMessages, useHumanCheckLoader } from '../lib/captcha.ts';
import './HumanCheck.css';

export interface HumanCheckProps {
  onChange: (payload: string | null) => void;
  resetKey?: number;
  /** Replaces the widget loader (tests). */
  load?: () => Promise<unknown>;
}

interface StateChangeDetail {
  readonly state?: string;
  readonly payload?: string;
}

export function HumanCheck({ onChange, resetKey = 0, load }: HumanCheckProps) {
  const loaded = useHumanCheckLoader(load);
  const host = useRef<HTMLDivElement>(null);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const container = host.current;
    if (loaded !== 'ready' || !container) return;
    const widget = document.createElement('altcha-widget');
    widget.setAttribute('challenge', CAPTCHA_CHALLENGE_PATH);
    widget.setAttribute('name', HUMAN_CHECK_FIELD);
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail>).detail ?? {};
      report.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', onState);
    container.appendChild(widget);
    report.current(null);
    return () => {
      widget.removeEventListener('statechange', onState);
      widget.remove();
    };
  }, [loaded, resetKey]);

  return (
    <div className="human-check">
      {loaded === 'loading' ? (
        <p className="human-check-status" role="status">
          {humanCheckMessages.loading}
        </p>
      ) : null}
      {loaded === 'failed' ? (
        <p className="human-check-status status-error" role="alert">
          {humanCheckMessages.failed}
        </p>
      ) : null}
      <div ref={host} />
    </div>
  );
}
