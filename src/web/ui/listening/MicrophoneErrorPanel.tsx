import { Link } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import type { MicrophoneError } from '../../../audio/microphone.ts';
// The anchor rules live with the help screen; this panel only links to them.
import { helpPageUrl } from '../../lib/helpAnchor.ts';
import './listening.css';

/**
 * The error area of every listening screen (spec §8 'Microphone': the message, and 'A How to
 * Fix button appears on an error', R-8.MIC-09). How to Fix opens the in-app microphone help
 * (its Basic Setup tests the microphone); the second link opens the static help page at this
 * system's section (`/MicrophoneHelp.html#{os}` or `#{os}-{browser}`, spec §2.3).
 */
export function MicrophoneErrorPanel({ error }: { error: MicrophoneError | null }) {
  if (!error) return null;
  return (
    <div className="listening-error" role="alert">
      <p>{error.message}</p>
      {error.code && <p className="listening-error-code">Error code: {error.code}</p>}
      <p className="listening-error-actions">
        <Link className="button secondary" to={paths.microphoneHelp}>
          How to Fix
        </Link>
        <a
          href={helpPageUrl(navigator.userAgent, navigator.maxTouchPoints)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Help for your browser (opens in a new tab)
        </a>
      </p>
    </div>
  );
}
