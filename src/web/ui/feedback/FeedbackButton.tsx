/**
 * The feedback widget's floating 'Report a Bug' button (spec §2.4 'Feedback widget', §4: open
 * or closed, the button hidden while open; §8: 'Thank you for your report!' for 5 s or until
 * clicked). This file is on every page, so it stays tiny: the form itself (FeedbackDialog) is a
 * lazy chunk loaded on the first click.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { FEEDBACK_SUCCESS_MS_PLAIN, FEEDBACK_THANKS_PLAIN } from './feedbackText.ts';
import './feedbackButton.css';

const FeedbackDialog = lazy(() => import('./FeedbackDialog.tsx'));

type State = 'closed' | 'open' | 'thanks';

export function FeedbackButton() {
  const [state, setState] = useState<State>('closed');

  useEffect(() => {
    if (state !== 'thanks') return;
    const timer = setTimeout(() => setState('closed'), FEEDBACK_SUCCESS_MS_PLAIN);
    return () => clearTimeout(timer);
  }, [state]);

  if (state === 'open') {
    return (
      <Suspense fallback={null}>
        <FeedbackDialog onClose={() => setState('closed')} onSent={() => setState('thanks')} />
      </Suspense>
    );
  }
  return (
    <>
      {state === 'thanks' ? (
        <button type="button" className="feedback-thanks" onClick={() => setState('closed')}>
          <span role="status">{FEEDBACK_THANKS_PLAIN}</span>
        </button>
      ) : null}
      <button type="button" className="feedback-open" onClick={() => setState('open')}>
        Report a Bug
      </button>
    </>
  );
}
